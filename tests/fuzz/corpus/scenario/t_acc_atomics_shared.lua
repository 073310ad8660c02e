-- acc_atomics_shared: shared-memory atomics (atom.shared.add.u32/.f32/.f64/
-- .u64, min/max.s32, and/or/xor.b32, exch.b32, inc/dec.u32 with wrap values,
-- cas.b32 loops for a counter and a float max), shared variables addressed
-- by symbol (+offset), a per-block shared histogram whose returned old
-- values must be 0..count-1 in every bin, flushed to global memory with
-- atom.global.add.u32 across blocks. Three blocks of 128 threads; each block
-- has its own copy of the shared variables.
-- Kernel: tests/kernels/acc_atomics_shared.cu

local m = ws.load_ptx("../../tests/kernels/acc_atomics_shared.ptx")

local seed = 271828
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end
local function u32(x) return x & 0xffffffff end
local function s32(x)
  x = x & 0xffffffff
  if x >= 0x80000000 then x = x - 0x100000000 end
  return x
end

local B, G = 128, 3
local n = B * G
local X = {}
for i = 1, n do X[i] = s32((rnd() << 1) ~ rnd()) end
local bx = ws.alloc("s32", n); bx:write(X)
local ghist = ws.alloc("u32", 16); ghist:write(function(k) return 1000 + k end)
local bhist = ws.alloc("u32", 16 * G)
local finals = ws.alloc("s32", 10 * G)
local ff = ws.alloc("f32", 2 * G)
local fd = ws.alloc("f64", G)
local fl = ws.alloc("s64", G)
local olds = ws.alloc("s32", 4 * n)
ws.launch(m, "atom_shared", { grid = G, block = B, args = { bx, ghist, bhist, finals, ff, fd, fl, olds, n } })
ws.run()

local GH, BH, FI, FF, FD, FL, OL = ghist:read(), bhist:read(), finals:read(), ff:read(), fd:read(), fl:read(), olds:read()

local total = {}
for k = 0, 15 do total[k] = 1000 + k end
for b = 0, G - 1 do
  local lo, hi = b * B + 1, (b + 1) * B
  -- histogram: counts, and old values 0..count-1 per bin
  local cnt, seen = {}, {}
  for k = 0, 15 do cnt[k] = 0; seen[k] = {} end
  for i = lo, hi do
    local bin = X[i] & 15
    cnt[bin] = cnt[bin] + 1
    local o = OL[i]
    ws.check(seen[bin][o] == nil, string.format("shared histogram: block %d bin %d old value %d returned twice", b, bin, o))
    seen[bin][o] = true
  end
  for k = 0, 15 do
    ws.check(BH[b * 16 + k + 1] == cnt[k], string.format("shared histogram: block %d bin %d = %d, expected %d",
      b, k, BH[b * 16 + k + 1], cnt[k]))
    for o = 0, cnt[k] - 1 do
      ws.check(seen[k][o], string.format("shared histogram: block %d bin %d never returned old value %d", b, k, o))
    end
    total[k] = total[k] + cnt[k]
  end

  -- scalar finals
  local add, mn, mx, an, orr, xr, cas = 0, 1 << 30, -(1 << 30), -1, 0, 0x2468ace0, 0
  local fsum, fmx, dsum, lsum = 0.0, ws.f32(-1.0e30), 0.25, -4096      -- -4096 = 0xfffffffffffff000
  for i = lo, hi do
    local x, t = X[i], i - lo
    add = add + (x // 256)                  -- x >> 8, arithmetic
    mn = math.min(mn, x); mx = math.max(mx, x)
    an = an & s32(~(1 << (t & 31)) | x)
    orr = orr | (1 << ((x >> 3) & 31))
    xr = xr ~ x
    cas = cas + (t | 1)
    fsum = fsum + (x & 255) * 0.5
    fmx = math.max(fmx, ws.f32(x // 16))
    dsum = dsum + (x & 1023) * 0.0625
    lsum = lsum + (u32(x) << 4)
  end
  local e = { s32(add), mn, mx, s32(an), s32(orr), s32(xr), nil, nil, nil, s32(cas) }
  local names = { "add", "min", "max", "and", "or", "xor", "exch", "inc", "dec", "cas loop" }
  for k = 1, 10 do
    if e[k] ~= nil then
      ws.check(FI[b * 10 + k] == e[k], string.format("shared atomic %s: block %d final %d, expected %d",
        names[k], b, FI[b * 10 + k], e[k]))
    end
  end
  ws.check(FF[2 * b + 1] == fsum, string.format("atom.shared.add.f32: block %d final %s, expected %s", b, FF[2 * b + 1], fsum))
  ws.check(FF[2 * b + 2] == fmx, string.format("shared CAS float max: block %d final %s, expected %s", b, FF[2 * b + 2], fmx))
  ws.check(FD[b + 1] == dsum, string.format("atom.shared.add.f64: block %d final %s, expected %s", b, FD[b + 1], dsum))
  ws.check(FL[b + 1] == lsum, string.format("atom.shared.add.u64: block %d final 0x%x, expected 0x%x", b, FL[b + 1], lsum))

  -- exch: the old values chain init -> ... -> final through the written values
  local by = {}
  for i = lo, hi do
    local o = OL[n + i]
    ws.check(by[o] == nil, string.format("shared atomicExch: block %d old value %d returned twice", b, o))
    by[o] = i - 1
  end
  local cur, steps = -5, 0
  while by[cur] ~= nil do
    local gi = by[cur]; by[cur] = nil
    cur = gi; steps = steps + 1
  end
  ws.check(steps == B and cur == FI[b * 10 + 7], string.format("shared atomicExch: block %d chain covers %d of %d " ..
    "threads and ends at %d (final %d)", b, steps, B, cur, FI[b * 10 + 7]))

  -- inc (wrap 6, from 3) and dec (wrap 5, from 2): fixed sequences as multisets
  for _, c in ipairs({ { 2, 3, function(v) return v >= 6 and 0 or v + 1 end, "inc(wrap 6)", 8 },
                       { 3, 2, function(v) return (v == 0 or v > 5) and 5 or v - 1 end, "dec(wrap 5)", 9 } }) do
    local want, got = {}, {}
    local v = c[2]
    for _ = 1, B do want[v] = (want[v] or 0) + 1; v = c[3](v) end
    for i = lo, hi do local o = OL[c[1] * n + i]; got[o] = (got[o] or 0) + 1 end
    for val, k in pairs(want) do
      ws.check(got[val] == k, string.format("shared atomic%s: block %d old %d returned %d times, expected %d",
        c[4], b, val, got[val] or 0, k))
    end
    for val, k in pairs(got) do
      ws.check(want[val] ~= nil, string.format("shared atomic%s: block %d old %d returned %d times, expected never",
        c[4], b, val, k))
    end
    ws.check(FI[b * 10 + c[5]] == v, string.format("shared atomic%s: block %d final %d, expected %d",
      c[4], b, FI[b * 10 + c[5]], v))
  end
end
for k = 0, 15 do
  ws.check(GH[k + 1] == total[k], string.format("global histogram bin %d = %d, expected %d", k, GH[k + 1], total[k]))
end

print(string.format("acc_atomics_shared: OK (%d blocks x %d threads)", G, B))
