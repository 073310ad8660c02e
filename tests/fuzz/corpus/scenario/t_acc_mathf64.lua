-- acc_mathf64: double-precision math library code inlined by nvcc
-- (libdevice): exp, exp2, log, log2, sin, cos, tan (with the Payne-Hanek
-- reduction for huge arguments: local array, mad.lo.cc/madc chains), atan,
-- atan2, asin, acos, pow, fmod, frexp, ldexp, sqrt. The code uses
-- fma.rn.f64 chains, rcp.approx.ftz.f64 / rsqrt.approx.ftz.f64 seeds,
-- mov.b64 {lo,hi} bit manipulation, copysign.f64, calls to internal .func
-- helpers, and 32-bit carry chains.
-- Tolerances: CUDA C Programming Guide, double-precision accuracy table
-- (exp/exp2/log/log2 1 ulp; sin/cos/tan/atan/atan2/asin/acos/pow 2 ulp;
-- fmod, frexp, ldexp, sqrt exact), plus 1 ulp because the reference is the
-- host C library through Lua's math (itself within 1 ulp). IEEE special
-- cases (inf, NaN, signed zeros) must match exactly (C99 Annex F, which
-- both follow).
-- Kernel: tests/kernels/acc_mathf64.cu

local m = ws.load_ptx("../../tests/kernels/acc_mathf64.ptx")

local seed = 6502
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end
local INF, NAN = math.huge, 0.0 / 0.0
local function isnan(x) return x ~= x end
local function bits64(x) return (string.unpack("<i8", string.pack("<d", x))) end

local function ulp64(r)
  local a = math.abs(r)
  local e = ((bits64(a) >> 52) & 0x7ff) - 1023
  if e < -1022 then e = -1022 end
  return 2.0 ^ (e - 52)
end
local function same(got, exp)
  if isnan(exp) then return isnan(got) end
  if got ~= exp then return false end
  if exp == 0 then return (1 / got > 0) == (1 / exp > 0) end
  return true
end
local function near(got, exp, k)
  if isnan(exp) or exp == INF or exp == -INF or exp == 0 then return same(got, exp) end
  if isnan(got) then return false end
  return math.abs(got - exp) <= (k + 1) * ulp64(exp)
end

--------------------------------------------------------------------- inputs
local X = { 0.0, -0.0, INF, -INF, NAN, 1.0, -1.0, 0.5, 2.0, 1e22, -1e22, 1e300, 5e-324, -2.2e-308, 709.0, -745.0,
  math.pi, -math.pi / 2, 1e-300, 3.0, 100.0, 1e15 + 0.3, 6.0e5, -7.5, 123456789.123 }
local Y = { 1.0, 0.0, 2.0, -2.0, 1.0, -0.0, 0.0, INF, -INF, 3.0, -3.0, 7.0, 5.0, 1.0, 8.0, -8.0,
  -1.0, 0.0, 16.0, -16.0, 0.5, 3.0, 2.0, 2.0, -1.0 }
local U = { 0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.2, -1.2, NAN, 0.999999, 1e-10, -0.7071067811865476 }
local n = 160
for i = 1, n do
  if X[i] == nil then
    local k = i % 4
    if k == 0 then X[i] = (rnd() / 0x7fffffff * 2 - 1) * 700
    elseif k == 1 then X[i] = (rnd() / 0x7fffffff * 2 - 1) * 2.0 ^ (rnd() % 80 - 40)
    elseif k == 2 then X[i] = (rnd() / 0x7fffffff * 2 - 1) * 10
    else X[i] = (rnd() / 0x7fffffff * 2 - 1) * 2.0 ^ (rnd() % 200) end
  end
  if Y[i] == nil then Y[i] = (rnd() / 0x7fffffff * 2 - 1) * 100 end
  if U[i] == nil then U[i] = (rnd() / 0x7fffffff * 2 - 1) * 1.05 end
end
local bx = ws.alloc("f64", n); bx:write(X)
local by = ws.alloc("f64", n); by:write(Y)
local bu = ws.alloc("f64", n); bu:write(U)
local bo = ws.alloc("f64", 16 * n)
local be = ws.alloc("s32", n)
ws.launch(m, "math64", { grid = (n + 63) // 64, block = 64, args = { bx, by, bu, bo, be, n } })
ws.run()

local function frexp(x)
  if x == 0 or isnan(x) or x == INF or x == -INF then return x, 0 end
  local mnt, e = x, 0
  while math.abs(mnt) >= 1 do mnt = mnt / 2; e = e + 1 end
  while math.abs(mnt) < 0.5 do mnt = mnt * 2; e = e - 1 end
  return mnt, e
end
local function ttrunc(v) if v >= 0 then return math.floor(v) end return math.ceil(v) end

local o, eo = bo:read(), be:read()
local names = { "exp(x/64)", "exp2(x/16)", "log|x|", "log2|x|", "sin", "cos", "tan", "atan", "atan2", "asin", "acos",
  "pow(|x|, y/8)", "fmod", "frexp", "ldexp(x, (int)(y/4))", "sqrt|x|" }
local tol = { 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0 }
for i = 1, n do
  local a, b, c = X[i], Y[i], U[i]
  local fa = math.abs(a)
  local fm, fe = frexp(a)
  local e = {
    math.exp(a * 0.015625), 2.0 ^ (a * 0.0625), math.log(fa), math.log(fa, 2),
    math.sin(a), math.cos(a), math.tan(a), math.atan(a), math.atan(a, b), math.asin(c), math.acos(c),
    fa ^ (b * 0.125), math.fmod(a, b), fm, a * 2.0 ^ ttrunc(b * 0.25), math.sqrt(fa),
  }
  for k = 1, 16 do
    local got = o[(k - 1) * n + i]
    local ok
    if tol[k] == 0 then ok = same(got, e[k]) else ok = near(got, e[k], tol[k]) end
    ws.check(ok, string.format("math64 %s (x=%.17g y=%.17g u=%.17g) [elem %d] = %.17g, reference %.17g",
      names[k], a, b, c, i - 1, got, e[k]))
  end
  if not (a == INF or a == -INF or isnan(a)) then
    ws.check(eo[i] == fe, string.format("math64 frexp exponent (x=%.17g) [elem %d] = %d, expected %d", a, i - 1, eo[i], fe))
  end
end

print(string.format("acc_mathf64: OK (%d inputs x 16 functions)", n))
