-- acc_fp64: IEEE arithmetic, checked bit-exactly (no tolerances).
--  f64_arith: add/sub/mul/div/sqrt.rn.f64, fma.rn.f64 (explicit fma() and a
--    contracted x*z+y), add/mul.rz/.rm/.rp.f64 (__dadd_r*, __dmul_r*),
--    min/max.f64 with NaN and signed zeros (+0.0 > -0.0), neg/abs.f64, rcp.rn.f64; specials: signed zeros
--    (x + -x is -0 only when rounding down), infinities, NaN, division by 0,
--    overflow under directed rounding (rz/rm give DBL_MAX, not inf),
--    fma cancellation (1+k*2^-30)(1-k*2^-30)-1 = -k^2*2^-60.
--  f32_arith: the same for f32 (div.rn, sqrt.rn, rcp.rn, fma.rn, add/mul
--    .rz/.rm/.rp) including subnormal inputs and results (no .ftz in PTX:
--    subnormals must not be flushed) and f32 overflow.
-- References: fma emulated exactly (TwoProduct + TwoSum + round-to-odd,
-- Boldo & Melquiond 2008); directed rounding from the exact error term of
-- TwoSum/TwoProduct; f32 results from exact double values (f32 operands
-- chosen so that sums/products are exact in double), f32 fma as
-- RN_f32(RO_f64(x*z + y)) which is exact because 53 >= 2*24 + 2.
-- Kernel: tests/kernels/acc_fp64.cu

local m = ws.load_ptx("../kernels/acc_fp64.ptx")

local seed = 99991
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end

local INF, NAN = math.huge, 0.0 / 0.0
local DMAX = 1.7976931348623157e308
local function isnan(x) return x ~= x end

-- bit-level helpers ---------------------------------------------------------
local function bits64(x) return (string.unpack("<i8", string.pack("<d", x))) end
local function from64(b) return (string.unpack("<d", string.pack("<i8", b))) end
local function from32(b) return (string.unpack("<f", string.pack("<I4", b))) end
local function bits32(x) return (string.unpack("<I4", string.pack("<f", x))) end
local function next_d(x, dir)          -- one ulp from finite x toward sign(dir)
  if x == 0 then return dir > 0 and from64(1) or -from64(1) end
  local b = bits64(x)
  if (x > 0) == (dir > 0) then b = b + 1 else b = b - 1 end
  return from64(b)
end
local function next_f(x, dir)          -- same for an f32 value (may be +-inf)
  if x == 0 then return dir > 0 and from32(1) or -from32(1) end
  local b = bits32(x)
  if (x > 0) == (dir > 0) then b = b + 1 else b = b - 1 end
  return from32(b)
end

-- exact transformations (valid without overflow/underflow) ------------------
local function two_sum(a, b)
  local s = a + b
  local bb = s - a
  return s, (a - (s - bb)) + (b - bb)
end
local function split(a)
  local c = 134217729.0 * a
  local h = c - (c - a)
  return h, a - h
end
local function two_prod(a, b)
  local p = a * b
  local ah, al = split(a)
  local bh, bl = split(b)
  return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl
end
local function add_odd(a, b)          -- a + b rounded to odd
  local s, e = two_sum(a, b)
  if e ~= 0 and bits64(s) & 1 == 0 then s = next_d(s, e) end
  return s
end
local function finite(x) return x == x and x ~= INF and x ~= -INF end

local function fma64(a, b, c)
  if not (finite(a) and finite(b) and finite(c)) then return a * b + c end
  if a == 0 or b == 0 then return a * b + c end   -- exact product, IEEE zero signs
  if not finite(a * b) then return a * b + c end  -- product overflows: +-inf
  local uh, ul = two_prod(a, b)
  local th, tl = two_sum(c, uh)
  return th + add_odd(tl, ul)
end

-- directed rounding of an RN result s with exact error e (s + e exact)
local function directed(s, e, mode)
  if e == 0 then return s end
  if mode == "rd" then
    if e < 0 then s = next_d(s, -1) end
  elseif mode == "ru" then
    if e > 0 then s = next_d(s, 1) end
  else -- rz
    if (e > 0) ~= (s > 0) then s = next_d(s, s > 0 and -1 or 1) end
  end
  return s
end
local function overflowed(s, mode)     -- RN overflowed to +-inf from finite operands
  if mode == "rz" then return s > 0 and DMAX or -DMAX end
  if mode == "rd" then return s > 0 and DMAX or -INF end
  return s > 0 and INF or -DMAX            -- ru
end
local function zero_sum(a, b, mode)    -- IEEE 754 6.3: sign of an exact zero sum
  if a == 0 and b == 0 and (1 / a > 0) == (1 / b > 0) then return a end
  return mode == "rd" and -0.0 or 0.0
end
local function dadd(a, b, mode)
  if not (finite(a) and finite(b)) then return a + b end
  local s, e = two_sum(a, b)
  if s == 0 then return zero_sum(a, b, mode) end
  if not finite(s) then return overflowed(s, mode) end
  return directed(s, e, mode)
end
local function dmul(a, b, mode)
  if not (finite(a) and finite(b)) or a == 0 or b == 0 then return a * b end
  local p, e = two_prod(a, b)
  if not finite(p) then return overflowed(p, mode) end
  return directed(p, e, mode)
end
local function fminmax(a, b, ismax)
  if isnan(a) then return b end
  if isnan(b) then return a end
  if ismax then return math.max(a, b) end
  return math.min(a, b)
end

-- f32: round an exactly known double v to f32 with a mode
local function f32r(v, mode)
  local f = ws.f32(v)
  if f == v or isnan(v) or mode == "rn" then return f end
  if mode == "rd" then
    if f > v then f = next_f(f, -1) end
  elseif mode == "ru" then
    if f < v then f = next_f(f, 1) end
  else
    if math.abs(f) > math.abs(v) then f = next_f(f, f > 0 and -1 or 1) end
  end
  return f
end
local function directed_f(s, e, mode)  -- f32 analogue of directed()
  if mode == "rd" then
    if e < 0 then s = next_f(s, -1) end
  elseif mode == "ru" then
    if e > 0 then s = next_f(s, 1) end
  else
    if (e > 0) ~= (s > 0) then s = next_f(s, s > 0 and -1 or 1) end
  end
  return s
end
local function fma32(a, b, c)          -- a*b is exact in double
  local p = a * b
  if not (finite(p) and finite(c)) or (p == 0 and c == 0) then return ws.f32(p + c) end
  return ws.f32(add_odd(p, c))
end
local function fadd(a, b, mode)
  local s, e = two_sum(a, b)
  if s == 0 and finite(a) and finite(b) then return zero_sum(a, b, mode) end
  if finite(s) and e ~= 0 and ws.f32(s) == s and mode ~= "rn" then
    -- the double sum landed on an f32 value but the exact sum lies beside it
    return directed_f(s, e, mode)
  end
  -- otherwise the exact sum and s round alike (a double strictly between two
  -- f32 values stays there after adding |e| < ulp_double(s)/2)
  return f32r(s, mode)
end

-- comparison: exact, NaN matches any NaN, zero signs must match --------------
local function same(got, exp)
  if isnan(exp) then return isnan(got) end
  if got ~= exp then return false end
  if exp == 0 then return (1 / got > 0) == (1 / exp > 0) end
  return true
end
local function minmax_zero(got, exp, a, b, ismax)   -- PTX ISA min/max: +0.0 > -0.0
  if a == 0 and b == 0 then
    local an, bn = 1 / a < 0, 1 / b < 0
    local neg = ismax and (an and bn) or (not ismax and (an or bn))
    return same(got, neg and -0.0 or 0.0)
  end
  return same(got, exp)
end

------------------------------------------------------------------ f64 inputs
local function rdbl(erange)
  local mant = ((rnd() & 0x3ffffff) << 26) | (rnd() & 0x3ffffff)   -- 52 random bits
  local e = rnd() % erange - erange // 2
  local d = (mant + 4503599627370496) * 2.0 ^ (e - 52)
  if rnd() & 1 == 1 then d = -d end
  return d
end
local A, Bv, C = {}, {}, {}
local specials = {
  { 1.5, -1.5, 0.0 }, { 0.0, -0.0, -0.0 }, { -0.0, -0.0, 1.0 }, { 0.0, 0.0, 0.0 },
  { INF, 1.0, 2.0 }, { -INF, INF, 1.0 }, { NAN, 3.0, 1.0 }, { 3.0, NAN, -1.0 },
  { 5.0, 0.0, 1.0 }, { -5.0, -0.0, 1.0 }, { 1e300, 1e10, 1.0 }, { -1e300, 1e10, 1.0 },
  { DMAX, DMAX, 0.0 }, { -DMAX, -DMAX * 0.75, 0.0 }, { 2.0, 3.0, -6.0 },
  { 1 + 2.0 ^ -30, 1 - 2.0 ^ -30, -1.0 }, { 1 + 5 * 2.0 ^ -30, 1 - 5 * 2.0 ^ -30, -1.0 },
  { 0.1, 10.0, -1.0 }, { 1 / 3, 3.0, -1.0 }, { 4.0, 0.25, 1e-300 },
}
for _, s in ipairs(specials) do A[#A + 1], Bv[#Bv + 1], C[#C + 1] = s[1], s[2], s[3] end
local n = 160
for i = #A + 1, n do
  local kind = i % 4
  local a, b, c
  if kind == 0 then a, b, c = rdbl(40), rdbl(40), rdbl(80)
  elseif kind == 1 then a, b = rdbl(10), rdbl(10); c = -(a * b) * (1 + (rnd() % 64 - 32) * 2.0 ^ -50)
  elseif kind == 2 then local k = rnd() % 1000; a, b, c = 1 + k * 2.0 ^ -30, 1 - k * 2.0 ^ -30, -1.0
  else a, b = rdbl(20), rdbl(20); c = -(a * b) end
  A[i], Bv[i], C[i] = a, b, c
end
local ba = ws.alloc("f64", n); ba:write(A)
local bb = ws.alloc("f64", n); bb:write(Bv)
local bc = ws.alloc("f64", n); bc:write(C)
local bo = ws.alloc("f64", 18 * n)
ws.launch(m, "f64_arith", { grid = (n + 63) // 64, block = 64, args = { ba, bb, bc, bo, n } })

------------------------------------------------------------------ f32 inputs
local function rflt(erange)
  local mant = rnd() & 0x7fffff
  local e = rnd() % erange - erange // 2
  local f = (mant + 8388608) * 2.0 ^ (e - 23)
  if rnd() & 1 == 1 then f = -f end
  return f
end
local FMAXF = from32(0x7f7fffff)
local FA, FB, FC = {}, {}, {}
local fspec = {
  { 1.5, -1.5, 0.0 }, { 0.0, -0.0, -0.0 }, { -0.0, -0.0, 1.0 }, { INF, -1.0, 2.0 },
  { NAN, 1.0, 1.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 0.0, 1.0 },
  { from32(0x00000400), from32(0x00000401), 0.0 },        -- subnormal + subnormal
  { from32(0x00800000), 0.5, 0.0 },                       -- FLT_MIN * 0.5 -> subnormal
  { from32(0x00800001), -0.375, 1e-45 },                  -- rounds inside subnormals
  { 3e38, 3e38, 1.0 }, { -3e38, 2.0, 1.0 }, { FMAXF, FMAXF, -INF },
  { 16777216.0, 1.0, 1.0 }, { 16777216.0, 3.0, -1.0 },    -- ties in add
  { 1 + 2.0 ^ -12, 1 - 2.0 ^ -12, -1.0 },
}
for _, s in ipairs(fspec) do
  FA[#FA + 1], FB[#FB + 1], FC[#FC + 1] = ws.f32(s[1]), ws.f32(s[2]), ws.f32(s[3])
end
local fn = 128
for i = #FA + 1, fn do
  local a, b, c = rflt(16), rflt(16), rflt(24)
  if i % 3 == 0 then c = -ws.f32(a * b) end               -- cancellation in fma
  FA[i], FB[i], FC[i] = a, b, c
end
local fa = ws.alloc("f32", fn); fa:write(FA)
local fb = ws.alloc("f32", fn); fb:write(FB)
local fc = ws.alloc("f32", fn); fc:write(FC)
local fo = ws.alloc("f32", 14 * fn)
ws.launch(m, "f32_arith", { grid = (fn + 31) // 32, block = 32, args = { fa, fb, fc, fo, fn } })

ws.run()

-------------------------------------------------------------------- checks
local names64 = { "add", "sub", "mul", "fma", "div", "sqrt(fabs)", "add.rz", "add.rm", "add.rp",
  "mul.rz", "mul.rm", "mul.rp", "fmin", "fmax", "-fabs", "1/x", "x*z+y", "(x+y)*(x-y)" }
local o = bo:read()
for i = 1, n do
  local a, b, c = A[i], Bv[i], C[i]
  local e = {
    a + b, a - b, a * b, fma64(a, b, c), a / b, math.sqrt(math.abs(a)),
    dadd(a, b, "rz"), dadd(a, b, "rd"), dadd(a, b, "ru"),
    dmul(a, b, "rz"), dmul(a, b, "rd"), dmul(a, b, "ru"),
    fminmax(a, b, false), fminmax(a, b, true), -math.abs(a), 1 / a, fma64(a, c, b),
    (a + b) * (a - b),
  }
  for k = 1, 18 do
    local got = o[(k - 1) * n + i]
    local ok
    if k == 13 or k == 14 then ok = minmax_zero(got, e[k], a, b, k == 14) else ok = same(got, e[k]) end
    ws.check(ok, string.format("f64_arith %s(%.17g, %.17g, %.17g) [elem %d] = %.17g (%016x), expected %.17g (%016x)",
      names64[k], a, b, c, i - 1, got, bits64(got), e[k], bits64(e[k])))
  end
end

local names32 = { "add", "sub", "mul", "fmaf", "div", "sqrtf(fabsf)", "add.rz", "add.rm", "add.rp",
  "mul.rz", "mul.rm", "mul.rp", "x*z+y", "1/x" }
local fo_ = fo:read()
for i = 1, fn do
  local a, b, c = FA[i], FB[i], FC[i]
  local e = {
    fadd(a, b, "rn"), fadd(a, -b, "rn"), f32r(a * b, "rn"), fma32(a, b, c),
    ws.f32(a / b), ws.f32(math.sqrt(math.abs(a))),
    fadd(a, b, "rz"), fadd(a, b, "rd"), fadd(a, b, "ru"),
    f32r(a * b, "rz"), f32r(a * b, "rd"), f32r(a * b, "ru"),
    fma32(a, c, b), ws.f32(1 / a),
  }
  for k = 1, 14 do
    local got = fo_[(k - 1) * fn + i]
    ws.check(same(got, e[k]), string.format("f32_arith %s(%.9g, %.9g, %.9g) [elem %d] = %.9g (%08x), expected %.9g (%08x)",
      names32[k], a, b, c, i - 1, got, bits32(got), e[k], bits32(e[k])))
  end
end

print(string.format("acc_fp64: OK (f64 %d x 18 results, f32 %d x 14 results, bit-exact)", n, fn))
