-- acc_calls: non-inlined device functions (.func with call.uni/ret), mixed
-- .param types (s32, u32, f32, f64, s64, pointers), a struct returned by
-- value (.b8 array retval), calls from divergent branches, a .func calling a
-- .func (also from a divergent branch inside the callee), fma.rn.f64
-- contraction inside a callee, a generic pointer to a local variable passed
-- to a callee (cvta.local / st.local), and one callee doing generic ld/st on
-- both shared and global addresses (cvta.shared / cvta.global).
-- Kernels: tests/kernels/acc_calls.cu (calls_divergent, calls_generic).

local m = ws.load_ptx("../../tests/kernels/acc_calls.ptx")

local function u32(x) return x & 0xffffffff end
local function s32(x)
  x = x & 0xffffffff
  if x >= 0x80000000 then x = x - 0x100000000 end
  return x
end
local seed = 12345
local function rnd()               -- small LCG, 31-bit state
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end

local n = 200
local input = {}
for i = 1, n do
  local r = rnd() % 2001 - 1000
  if i % 17 == 0 then r = 0 end
  input[i] = r
end

---------------------------------------------------------------- calls_divergent
local B, G = 64, 4
local inb = ws.alloc("s32", n); inb:write(input)
local oi = ws.alloc("s32", n)
local ou = ws.alloc("u32", n)
local of = ws.alloc("f32", n)
local od = ws.alloc("f64", n)
ws.launch(m, "calls_divergent", { grid = G, block = B, args = { inb, oi, ou, of, od, n } })

---------------------------------------------------------------- calls_generic
local B2, G2 = 128, 2
local sums = ws.alloc("s32", n)
local counts = ws.alloc("s32", n)
local gacc = ws.alloc("s32", n)
local sacc = ws.alloc("s32", B2 * G2)
ws.launch(m, "calls_generic", { grid = G2, block = B2, args = { inb, sums, counts, gacc, sacc, n } })

ws.run()

-- references ------------------------------------------------------------
local function mix3(a, b, c, w4)   -- w4 = (int)(w * 4.0f), exact for the w used
  local t = s32(a * 3 - (u32(b) >> 2))
  t = s32(t ~ c)
  return s32(t + w4)
end
local function inner_hash(x, salt)
  x = u32(x ~ salt)
  x = u32(x * 0x9E3779B1)
  x = x ~ (x >> 15)
  return x
end
local function outer_hash(x, y, z)
  local h = inner_hash(x, 0x1234)
  h = inner_hash(u32(h + y), z)
  if h & 1 == 1 then h = inner_hash(h, y ~ z) end
  return h
end

local ri, ru, rf, rd = oi:read(), ou:read(), of:read(), od:read()
for i = 0, n - 1 do
  local v = input[i + 1]
  local lane = (i % B) & 31
  local e
  if lane < 11 then e = mix3(v, i, lane, lane & 3)
  elseif lane & 1 == 1 then e = mix3(-v, 3 * i, 7, 6)
  else e = -v end
  ws.check(ri[i + 1] == e, string.format("calls_divergent out_i[%d] = %s, expected %d", i, ri[i + 1], e))

  local h
  if v > 0 then h = outer_hash(v, i, lane) else h = inner_hash(u32(v), 77) end
  ws.check(ru[i + 1] == h, string.format("calls_divergent out_u[%d] = %s, expected %d", i, ru[i + 1], h))

  -- Pair{ a = v - 2i, b = (v & 0xff) * 0.125f }; out = b + (float)a, exact
  local ef = ws.f32((v & 0xff) * 0.125 + (v - 2 * i))
  ws.check(rf[i + 1] == ef, string.format("calls_divergent out_f[%d] = %s, expected %s", i, rf[i + 1], ef))

  -- fma.rn.f64((double)(0.5f + lane), (double)v, (double)(i * 1000000007));
  -- the product is exact, so one rounding of the sum, as in Lua
  local ed = (0.5 + lane) * v + (i * 1000000007)
  ws.check(rd[i + 1] == ed, string.format("calls_divergent out_d[%d] = %.17g, expected %.17g", i, rd[i + 1], ed))
end

local rs, rc, rg, rsa = sums:read(), counts:read(), gacc:read(), sacc:read()
for i = 0, n - 1 do
  local lo = i % 7
  local hi = lo + (i % 5) * 3
  if hi > n then hi = n end
  local s, c = 0, 0
  for k = lo, hi - 1 do
    local x = input[k + 1]
    if x >= 0 then s = s + x; c = c + 1 end
  end
  ws.check(rs[i + 1] == s, string.format("calls_generic sums[%d] = %s, expected %d", i, rs[i + 1], s))
  ws.check(rc[i + 1] == c, string.format("calls_generic counts[%d] = %s, expected %d", i, rc[i + 1], c))
  local t = i % B2
  ws.check(rg[i + 1] == 5 + t, string.format("calls_generic gacc[%d] = %s, expected %d", i, rg[i + 1], 5 + t))
end
for i = 0, B2 * G2 - 1 do
  local blk = i // B2
  local t1 = (i % B2 + 1) % B2
  local e = t1 + input[(blk * B2 + t1) % n + 1] + 1000
  ws.check(rsa[i + 1] == e, string.format("calls_generic sacc_out[%d] = %s, expected %d", i, rsa[i + 1], e))
end

print(string.format("acc_calls: OK (%d + %d threads, 4 + 2 output arrays checked)", B * G, B2 * G2))
