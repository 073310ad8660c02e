-- acc_int128: unsigned/signed __int128 arithmetic as nvcc lowers it:
-- carry chains add.cc/addc.cc/addc (.u32 and .s64), sub.cc/subc.cc/subc,
-- mad.lo.cc/madc.hi/mad.hi.cc (128-bit multiply from 32-bit pieces),
-- funnel shifts for the 128-bit arithmetic shift, the inline 128-bit
-- division and remainder loops, signed/unsigned 128-bit compares, and a
-- Fibonacci recurrence mod 2^128 (loop-carried carries, 0..200 steps).
-- The division/remainder code nvcc inlines (a reciprocal estimate from
-- rcp.approx.f32, then Newton-style correction steps on 32-bit limbs) ends
-- sub.cc/subc.cc chains with `addc.u32 %r, 0, 0` and treats %r = 1 as "no
-- borrow"; acc_carry checks that carry-flag convention directly.
-- References use exact 128-bit arithmetic on (hi, lo) pairs of Lua
-- integers (unsigned 64-bit bit patterns).
-- Kernel: tests/kernels/acc_int128.cu

local m = ws.load_ptx("../../tests/kernels/acc_int128.ptx")

local seed = 128128
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end
local function r64() return (rnd() << 33) ~ (rnd() << 2) ~ rnd() end

-- 128-bit helpers on {hi, lo} ------------------------------------------------
local function add(a, b)
  local lo = a[2] + b[2]
  local c = math.ult(lo, a[2]) and 1 or 0
  return { a[1] + b[1] + c, lo }
end
local function sub(a, b)
  local lo = a[2] - b[2]
  local br = math.ult(a[2], b[2]) and 1 or 0
  return { a[1] - b[1] - br, lo }
end
local function umulhi64(x, y)
  local x0, x1, y0, y1 = x & 0xffffffff, x >> 32, y & 0xffffffff, y >> 32
  local p00, p01, p10, p11 = x0 * y0, x0 * y1, x1 * y0, x1 * y1
  local mid = (p00 >> 32) + (p01 & 0xffffffff) + (p10 & 0xffffffff)
  return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32)
end
local function mul(a, b)             -- low 128 bits of the product
  return { umulhi64(a[2], b[2]) + a[2] * b[1] + a[1] * b[2], a[2] * b[2] }
end
local function ult(a, b)
  if a[1] ~= b[1] then return math.ult(a[1], b[1]) end
  return math.ult(a[2], b[2])
end
local function slt(a, b)
  if a[1] ~= b[1] then return a[1] < b[1] end
  return math.ult(a[2], b[2])
end
local function shl1(a, bit) return { (a[1] << 1) | (a[2] >> 63), (a[2] << 1) | bit } end
local function divmod(x, y)          -- unsigned, y ~= 0: restoring division
  local q, r = { 0, 0 }, { 0, 0 }
  for i = 127, 0, -1 do
    local bit = (i >= 64) and ((x[1] >> (i - 64)) & 1) or ((x[2] >> i) & 1)
    r = shl1(r, bit)
    q = shl1(q, 0)
    if not ult(r, y) then r = sub(r, y); q[2] = q[2] | 1 end
  end
  return q, r
end
local function asr(a, s)             -- arithmetic shift right, 0 < s < 64
  local hi = a[1]
  local nhi = (hi >= 0) and (hi >> s) or ~((~hi) >> s)
  return { nhi, (a[2] >> s) | (hi << (64 - s)) }
end

----------------------------------------------------------------------- inputs
local n = 96
local A, B, S = {}, {}, {}
local fixed = {
  { { 0, -1 }, { 0, 1 } },                                 -- carry out of the low half
  { { 0, 0 }, { 0, 1 } },                                  -- borrow into the high half
  { { -1, -1 }, { -1, -1 } },
  { { math.mininteger, 0 }, { 0, 3 } },                    -- most negative signed value
  { { 0x7fffffffffffffff, -1 }, { 0, 1 } },                -- signed overflow on add
  { { 5, 7 }, { 5, 7 } },                                  -- equal
  { { 0, 0x123456789 }, { 0, 0x10000 } },
  { { 1, 0 }, { 0, -1 } },
}
for i = 1, n do
  local f = fixed[i]
  if f then A[i], B[i] = f[1], f[2]
  else
    A[i] = { r64(), r64() }
    B[i] = { r64(), r64() }
    if i % 3 == 0 then B[i][1] = rnd() % 5 end               -- small divisors
    if i % 4 == 0 then A[i][1] = 0 end
  end
  S[i] = (i * 7) % 201
end
local ba = ws.alloc("s64", 2 * n); ba:write(function(k) local p = A[k // 2 + 1]; return (k % 2 == 0) and p[2] or p[1] end)
local bb = ws.alloc("s64", 2 * n); bb:write(function(k) local p = B[k // 2 + 1]; return (k % 2 == 0) and p[2] or p[1] end)
local bs = ws.alloc("s32", n); bs:write(S)
local bo = ws.alloc("s64", 14 * n)
ws.launch(m, "int128_ops", { grid = n // 32, block = 32, args = { ba, bb, bs, bo, n } })
ws.run()

local o = bo:read()
local names = { "x+y lo", "x+y hi", "x-y lo", "x-y hi", "x*y lo", "x*y hi", "(s128)x>>7 lo", "(s128)x>>7 hi",
  "x/(y|1) lo", "x/(y|1) hi", "x%((y>>64)|3)", "fib lo", "fib hi", "compare flags" }
for i = 1, n do
  local x, y = A[i], B[i]
  local s, d, p, sx = add(x, y), sub(x, y), mul(x, y), asr(x, 7)
  local q = divmod(x, { y[1], y[2] | 1 })
  local _, r = divmod(x, { 0, y[1] | 3 })
  local f0, f1 = x, y
  for _ = 1, S[i] do f0, f1 = f1, add(f0, f1) end
  local flags = (ult(x, y) and 1 or 0) | (slt(x, y) and 2 or 0) | ((x[1] == y[1] and x[2] == y[2]) and 4 or 0)
  local e = { s[2], s[1], d[2], d[1], p[2], p[1], sx[2], sx[1], q[2], q[1], r[2], f1[2], f1[1], flags }
  for k = 1, 14 do
    local got = o[14 * (i - 1) + k]
    ws.check(got == e[k], string.format("int128_ops %s (x=%016x%016x y=%016x%016x) [elem %d] = 0x%016x, expected 0x%016x",
      names[k], x[1], x[2], y[1], y[2], i - 1, got, e[k]))
  end
end

print(string.format("acc_int128: OK (%d inputs x 14 words)", n))
