-- acc_ptxops2: inline-PTX instructions used by low-level CUDA libraries:
--  set.lt.u32.s32 / set.hs.u32.u32 (all-ones or zero), set.gtu.f32.f32
--  (1.0f or 0.0f, unordered compares true), lop3.b32 with LUTs 0xE8
--  (majority), 0x96 (xor3), 0xCA (select), 0x1E, bfind.u32 / bfind.s32
--  (most significant non-sign bit) / bfind.shiftamt.u32 (0xffffffff when
--  none), mul24.lo/.hi.u32, mul24.lo.s32, mad24.lo.s32 (24-bit operands,
--  sign-extended for .s32), testp.{finite,infinite,number,notanumber,normal,
--  subnormal}.f32, vote.sync.uni.pred, %lanemask_lt/le/eq/gt/ge,
--  copysign.f32 (PTX order: result = |b| with the sign of a), setp.num with
--  @p/@!p, tanh.approx.f32 (relative error bound 2^-10 here; the PTX ISA
--  documents an approximation of roughly 2^-11).
-- Kernel: tests/kernels/acc_ptxops2.cu

local m = ws.load_ptx("../kernels/acc_ptxops2.ptx")

local seed = 4096
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end
local INF, NAN = math.huge, 0.0 / 0.0
local function isnan(x) return x ~= x end
local function u32(x) return x & 0xffffffff end
local function sx(v, bits)
  v = v & ((1 << bits) - 1)
  if v >= (1 << (bits - 1)) then v = v - (1 << bits) end
  return v
end
local function from32(b) return (string.unpack("<f", string.pack("<I4", b))) end
local function bits32(x) return (string.unpack("<I4", string.pack("<f", x))) end

local n = 128
local A, B, C, F, G = {}, {}, {}, {}, {}
local fixedF = { 0.0, -0.0, INF, -INF, NAN, from32(1), -from32(0x7fffff), from32(0x800000), 1.0, -2.5, 3e38, 1e-3,
  20.0, -9.0, 0.25 }
for i = 1, n do
  A[i] = u32((rnd() << 1) ~ rnd()); B[i] = u32((rnd() << 1) ~ rnd()); C[i] = u32((rnd() << 1) ~ rnd())
  if i % 5 == 0 then A[i] = 0 end
  if i % 7 == 0 then A[i] = 0xffffffff end
  if i <= 32 then B[i] = B[i] | 1 end                  -- warp 0: all lanes agree for vote.uni
  F[i] = fixedF[i] or ws.f32((rnd() % 2000001 - 1000000) / 2.0 ^ (rnd() % 28))
  G[i] = ws.f32((rnd() % 2000001 - 1000000) / 2.0 ^ (rnd() % 20))
  if i % 9 == 0 then G[i] = -G[i] end
end
G[3] = NAN; G[4] = 0.0
local ba = ws.alloc("u32", n); ba:write(A)
local bb = ws.alloc("u32", n); bb:write(B)
local bc = ws.alloc("u32", n); bc:write(C)
local bf = ws.alloc("f32", n); bf:write(F)
local bg = ws.alloc("f32", n); bg:write(G)
local ou = ws.alloc("u32", 18 * n)
local of = ws.alloc("f32", 3 * n)
ws.launch(m, "ptx_ops2", { grid = n // 32, block = 32, args = { ba, bb, bc, bf, bg, ou, of, n } })
ws.run()
F, G = bf:read(), bg:read()

local function lop3(a, b, c, imm)
  local r = 0
  for idx = 0, 7 do
    if (imm >> idx) & 1 == 1 then
      local t = ((idx & 4 ~= 0) and a or ~a) & ((idx & 2 ~= 0) and b or ~b) & ((idx & 1 ~= 0) and c or ~c)
      r = r | t
    end
  end
  return u32(r)
end
local function msb(x) -- x > 0
  local p = -1
  while x ~= 0 do x = x >> 1; p = p + 1 end
  return p
end
local function bfind_u(x) if x == 0 then return 0xffffffff end return msb(x) end
local function bfind_s(x) -- x: s32 value
  if x < 0 then x = u32(~x) end
  if x == 0 then return 0xffffffff end
  return msb(x)
end
local FMIN = 2.0 ^ -126

-- vote.uni per warp
local uni = {}
for w = 0, n // 32 - 1 do
  local v0, same = B[w * 32 + 1] & 1, 1
  for l = 0, 31 do if B[w * 32 + l + 1] & 1 ~= v0 then same = 0 end end
  uni[w] = same
end

local uo, fo = ou:read(), of:read()
local names = { "set.lt.u32.s32", "set.hs.u32.u32", "set.gtu.f32.f32", "lop3 0xE8", "lop3 0x96", "lop3 0xCA",
  "lop3 0x1E", "bfind.u32", "bfind.s32", "bfind.shiftamt.u32", "mul24.lo.u32", "mul24.hi.u32", "mul24.lo.s32",
  "mad24.lo.s32", "testp flags", "vote.sync.uni", "lanemask lt/le/eq/gt", "lanemask_ge" }
for i = 1, n do
  local a, b, c, f, g = A[i], B[i], C[i], F[i], G[i]
  local sh = c & 31
  local xa = a >> sh
  local xs = sx(a, 32) >> sh
  if sx(a, 32) < 0 then xs = sx(a, 32) // (1 << sh) end
  local la, lb = a & 0xffffff, b & 0xffffff
  local sa, sb = sx(a, 24), sx(b, 24)
  local fin = not isnan(f) and f ~= INF and f ~= -INF
  -- testp.normal: the PTX ISA counts +0 and -0 as normal numbers
  local tp = (fin and 1 or 0) | ((f == INF or f == -INF) and 2 or 0) | ((not isnan(f)) and 4 or 0) |
    (isnan(f) and 8 or 0) | ((fin and (math.abs(f) >= FMIN or f == 0)) and 16 or 0) | ((f ~= 0 and math.abs(f) < FMIN) and 32 or 0)
  local lane = (i - 1) % 32
  local lt, le, eq = (1 << lane) - 1, (1 << (lane + 1)) - 1, 1 << lane
  local gt, ge = u32(~le), u32(~lt)
  local e = {
    (sx(a, 32) < sx(b, 32)) and 0xffffffff or 0, (a >= b) and 0xffffffff or 0,
    (isnan(f) or isnan(g) or f > g) and 0x3f800000 or 0,
    lop3(a, b, c, 0xE8), lop3(a, b, c, 0x96), lop3(a, b, c, 0xCA), lop3(a, b, c, 0x1E),
    bfind_u(xa), bfind_s(xs), xa == 0 and 0xffffffff or 31 - msb(xa),
    u32(la * lb), u32((la * lb) >> 16), u32(sa * sb), u32(sa * sb + c),
    tp, uni[(i - 1) // 32], u32(lt ~ (le << 1) ~ (eq * 3) ~ gt), ge,
  }
  for k = 1, 18 do
    local got = uo[(k - 1) * n + i]
    ws.check(got == e[k], string.format("ptx_ops2 %s (a=0x%08x b=0x%08x c=0x%08x f=%s g=%s) [elem %d] = 0x%08x, expected 0x%08x",
      names[k], a, b, c, f, g, i - 1, got, e[k]))
  end
  -- floats
  local cs
  if isnan(g) then cs = NAN else cs = math.abs(g); if f < 0 or 1 / f < 0 then cs = -cs end end
  local got = fo[i]
  local ok
  if isnan(f) and not isnan(g) then ok = (got == math.abs(g) or got == -math.abs(g))   -- sign of a NaN
  elseif isnan(cs) then ok = isnan(got)
  else ok = got == cs and (cs ~= 0 or (1 / got > 0) == (1 / cs > 0)) end
  ws.check(ok, string.format("ptx_ops2 copysign.f32 (a=%s b=%s) [elem %d] = %s, expected %s", f, g, i - 1, got, cs))
  local th = isnan(f) and NAN or (f == INF and 1.0 or (f == -INF and -1.0 or
    (math.exp(2 * f) == INF and 1.0 or (math.exp(2 * f) - 1) / (math.exp(2 * f) + 1))))
  if math.abs(f) < 1e-4 then th = f - f * f * f / 3 end
  got = fo[n + i]
  if isnan(th) then ok = isnan(got)
  elseif th == 0 then ok = got == 0
  else ok = math.abs(got - th) <= 2 ^ -10 * math.abs(th) end
  ws.check(ok, string.format("ptx_ops2 tanh.approx.f32 (%s) [elem %d] = %.9g, reference %.9g", f, i - 1, got, th))
  local es = (isnan(f) or isnan(g)) and 1.0 or ws.f32(f + g)
  got = fo[2 * n + i]
  ws.check(got == es, string.format("ptx_ops2 setp.num ? add : 1.0 (%s, %s) [elem %d] = %s, expected %s", f, g, i - 1, got, es))
end

print(string.format("acc_ptxops2: OK (%d inputs x 21 results)", n))
