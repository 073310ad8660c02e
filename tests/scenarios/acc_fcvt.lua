-- acc_fcvt: cvt between floating point and integers, every rounding mode.
--  * f32 -> s32/u32/s64/u64 with .rzi/.rni/.rmi/.rpi: out-of-range inputs
--    saturate (3e9 -> INT_MAX, -3e9 -> INT_MIN, negatives -> 0 for unsigned,
--    +-inf saturate), NaN -> 0 for 32-bit results and the top bit alone
--    for 64-bit ones, ties to even for .rni (cvt_f32_to_int)
--  * f64 -> s32/u32/s64/u64 the same (but NaN -> the top bit alone for
--    every width), including ties just outside the range
--    (2147483647.5 rounds to 2^31 and saturates) (cvt_f64_to_int)
--  * s32/u32/s64/u64 -> f32/f64 with .rn/.rz/.rm/.rp where the value does not
--    fit the mantissa (2^24+1, 2^53+1, 2^64-1, exact ties) (cvt_int_to_fp)
--  * f64 -> f32 .rn/.rz/.rm/.rp incl. overflow (rz/rm give FLT_MAX) and
--    subnormal results; f32/f64 round-to-integral .rni/.rmi/.rpi/.rzi with
--    signed zero results; f32 -> f64 (cvt_fp_fp)
--  * narrow integers: cvt.s32.s8, cvt.s32.s16, masks, shl/shr.s32 sign
--    extraction (cvt_narrow)
-- Reference semantics: PTX ISA "cvt" (float-to-integer conversions
-- saturate); a NaN converts as an H100 does (docs/ptx.md); everything here
-- is exact, no tolerance.
-- 64-bit unsigned results are read through s64 buffers (same bits).
-- Kernel: tests/kernels/acc_fcvt.cu

local m = ws.load_ptx("../kernels/acc_fcvt.ptx")

local seed = 31337
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end
local INF, NAN = math.huge, 0.0 / 0.0
local function isnan(x) return x ~= x end
local function from32(b) return (string.unpack("<f", string.pack("<I4", b))) end
local function bits32(x) return (string.unpack("<I4", string.pack("<f", x))) end
local function bits64(x) return (string.unpack("<i8", string.pack("<d", x))) end

-- round a float to an integral float value ----------------------------------
local function to_integral(x, mode)
  if isnan(x) or x == INF or x == -INF then return x end
  local f = math.floor(x) + 0.0
  local r
  if mode == "rd" then r = f
  elseif mode == "ru" then r = (f == x) and f or f + 1
  elseif mode == "rz" then r = (x >= 0 or f == x) and f or f + 1
  else
    local d = x - f                   -- exact for the inputs used here
    if d > 0.5 then r = f + 1 elseif d < 0.5 then r = f
    else r = (f % 2 == 0) and f or f + 1 end
  end
  if r == 0 then r = (1 / x < 0 or x < 0) and -0.0 or 0.0 end   -- sign of zero follows x
  return r
end

-- saturating float -> integer (PTX cvt semantics) -----------------------------
local T63, T64 = 2.0 ^ 63, 2.0 ^ 64
local function f2i(x, mode, ty, src)
  if isnan(x) then
    if src == "f32" and (ty == "s32" or ty == "u32") then return 0 end
    return ty == "s32" and -2147483648 or ty == "u32" and 2147483648
           or math.mininteger
  end
  local r = to_integral(x, mode)
  if ty == "s32" then
    if r >= 2147483647 then return 2147483647 end
    if r <= -2147483648 then return -2147483648 end
  elseif ty == "u32" then
    if r <= 0 then return 0 end
    if r >= 4294967295 then return 4294967295 end
  elseif ty == "s64" then
    if r >= T63 then return math.maxinteger end
    if r <= -T63 then return math.mininteger end
  else -- u64, returned as the s64 bit pattern
    if r <= 0 then return 0 end
    if r >= T64 then return -1 end
    if r >= T63 then return math.tointeger(r - T63) | math.mininteger end
  end
  return math.tointeger(r)
end

-- exact integer -> binary floating point with p mantissa bits ---------------
-- mag: magnitude as an unsigned 64-bit pattern in a Lua integer
local function int_to_fp(mag, neg, p, mode)
  if mag == 0 then return 0.0 end
  local L = 64
  while (mag >> (L - 1)) & 1 == 0 do L = L - 1 end
  local v
  if L <= p then
    v = mag + 0.0                     -- L <= 53: exact
  else
    local sh = L - p
    local q = mag >> sh
    local rem = mag & ((1 << sh) - 1)
    local half = 1 << (sh - 1)
    local up
    if mode == "rn" then up = math.ult(half, rem) or (rem == half and q & 1 == 1)
    elseif mode == "rz" then up = false
    elseif mode == "rd" then up = neg and rem ~= 0
    else up = (not neg) and rem ~= 0 end
    if up then q = q + 1 end
    v = q * 2.0 ^ sh
  end
  return neg and -v or v
end
local function s2fp(v, p, mode) if v < 0 then return int_to_fp(-v, true, p, mode) end return int_to_fp(v, false, p, mode) end
local function u2fp(v, p, mode) return int_to_fp(v, false, p, mode) end

-- exact double -> f32 with a rounding mode -----------------------------------
local function next_f(x, dir)
  if x == 0 then return dir > 0 and from32(1) or -from32(1) end
  local b = bits32(x)
  if (x > 0) == (dir > 0) then b = b + 1 else b = b - 1 end
  return from32(b)
end
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

local function same(got, exp)
  if type(exp) == "number" and isnan(exp) then return isnan(got) end
  if got ~= exp then return false end
  if exp == 0 and math.type(exp) == "float" then return (1 / got > 0) == (1 / exp > 0) end
  return true
end

---------------------------------------------------------------------- inputs
local n = 96
local F = { 0.0, -0.0, 0.3, -0.3, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, from32(0x3effffff), -from32(0x3f7fffff),
  1.0, -1.0, 3e9, -3e9, NAN, INF, -INF, from32(0x4effffff), 2147483648.0, -2147483648.0, from32(0xcf000001),
  from32(0x4f7fffff), 4294967296.0, 1e20, -1e20, from32(0x5effffff), T63, -T63, -9.3e18, 1.7e19, T64,
  from32(0x5f7fffff), -1e-30, 1e-30, 123456.789, -7.999999, 16777216.0, 4194304.5, 4194305.5, -4194304.5,
  -4194305.5, 8388607.5, -8388607.5, 65535.5, -65536.5, from32(0x00000001), -from32(0x007fffff) }
local D = { 0.0, -0.0, 0.3, -0.3, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 1.0, -1.0, 3e9, -3e9, NAN, INF, -INF,
  2147483647.5, 2147483646.5, -2147483648.5, -2147483649.0, 2147483647.0, -2147483647.75,
  4294967295.5, 4294967294.25, 4294967295.0, 4503599627370495.5, 4503599627370494.5,
  1e300, -1e300, T63, -T63, 9223372036854774784.0, 18446744073709549568.0, T64, -1e-300, 1e-300,
  0.5000000000000001, 1.7976931348623157e308, 1e39, -1e39, 3.4028235677973366e38, 3.4028235677973362e38,
  1e-46, 1.5e-45, -2.1e-45, 0.1, 1 / 3, -2 / 3, 16777217.0, 16777219.0, -16777217.0 }
local IA = { 0, 1, -1, 2147483647, -2147483648, 16777217, -16777217, 16777219, -16777219, 33554435, 2147483584,
  2147483583, 2147483520, -2147483583, 100, -100 }
local IB = { 0, 1, 4294967295, 2147483648, 4294967168, 4294967167, 16777217, 16777218, 16777219, 4294967040,
  2147483649 }
local IC = { 0, -1, 9007199254740993, -9007199254740993, 9007199254740995, math.maxinteger, math.mininteger,
  0x7fffffc000000000, 0x7fffff8000000000 | (1 << 38), 0x0123456789abcdef, -0x0123456789abcdef, 1 << 62, (1 << 24) + 1 }
local ID = { 0, -1, math.mininteger, math.mininteger + 1, -(1 << 39), -1024, -1025, -2048, 0x7fffffffffffffff,
  (1 << 53) + 1, 0x00ffffff80000000 }
local function fill(t, gen) for i = #t + 1, n do t[i] = gen(i) end end
fill(F, function() return ((rnd() % 2000001) - 1000000) / 1024.0 * 2.0 ^ (rnd() % 40 - 10) end)
fill(D, function() return ((rnd() % 2000001) - 1000000) / 1024.0 * 2.0 ^ (rnd() % 60 - 10) end)
fill(IA, function() return rnd() * ((rnd() & 1 == 1) and 1 or -1) end)
fill(IB, function() return (rnd() << 1) | (rnd() & 1) end)
fill(IC, function() local v = (rnd() << 33) ~ (rnd() << 3) ~ rnd(); return (rnd() & 1 == 1) and v or -v end)
fill(ID, function() return (rnd() << 34) ~ (rnd() << 4) ~ rnd() end)
for i = 1, n do F[i] = ws.f32(F[i]) end

local bF = ws.alloc("f32", n); bF:write(F)
local bD = ws.alloc("f64", n); bD:write(D)
local bIA = ws.alloc("s32", n); bIA:write(IA)
local bIB = ws.alloc("u32", n); bIB:write(IB)
local bIC = ws.alloc("s64", n); bIC:write(IC)
local bID = ws.alloc("s64", n); bID:write(ID)          -- unsigned long long data, s64 view

local fi_i, fi_u = ws.alloc("s32", 4 * n), ws.alloc("u32", 4 * n)
local fi_l, fi_ul = ws.alloc("s64", 2 * n), ws.alloc("s64", 2 * n)
local di_i, di_u = ws.alloc("s32", 2 * n), ws.alloc("u32", 2 * n)
local di_l, di_ul = ws.alloc("s64", 2 * n), ws.alloc("s64", 2 * n)
local if_f, if_d = ws.alloc("f32", 10 * n), ws.alloc("f64", 6 * n)
local ff_f, ff_d = ws.alloc("f32", 9 * n), ws.alloc("f64", 6 * n)
local nar = ws.alloc("s32", 6 * n)

local L = { grid = (n + 31) // 32, block = 32 }
local function launch(k, args) ws.launch(m, k, { grid = L.grid, block = L.block, args = args }) end
launch("cvt_f32_to_int", { bF, fi_i, fi_u, fi_l, fi_ul, n })
launch("cvt_f64_to_int", { bD, di_i, di_u, di_l, di_ul, n })
launch("cvt_int_to_fp", { bIA, bIB, bIC, bID, if_f, if_d, n })
launch("cvt_fp_fp", { bF, bD, ff_f, ff_d, n })
launch("cvt_narrow", { bIA, nar, n })
ws.run()

---------------------------------------------------------------------- checks
local function chk(kernel, what, i, x, got, exp)
  ws.check(same(got, exp), string.format("%s %s(%s) [elem %d] = %s, expected %s",
    kernel, what, tostring(x), i - 1, tostring(got), tostring(exp)))
end

local r1, r2, r3, r4 = fi_i:read(), fi_u:read(), fi_l:read(), fi_ul:read()
for i = 1, n do
  local x = F[i]
  chk("cvt_f32_to_int", "(int)", i, x, r1[i], f2i(x, "rz", "s32", "f32"))
  chk("cvt_f32_to_int", "__float2int_rn", i, x, r1[n + i], f2i(x, "rn", "s32", "f32"))
  chk("cvt_f32_to_int", "__float2int_rd", i, x, r1[2 * n + i], f2i(x, "rd", "s32", "f32"))
  chk("cvt_f32_to_int", "__float2int_ru", i, x, r1[3 * n + i], f2i(x, "ru", "s32", "f32"))
  chk("cvt_f32_to_int", "(unsigned)", i, x, r2[i], f2i(x, "rz", "u32", "f32"))
  chk("cvt_f32_to_int", "__float2uint_rn", i, x, r2[n + i], f2i(x, "rn", "u32", "f32"))
  chk("cvt_f32_to_int", "__float2uint_rd", i, x, r2[2 * n + i], f2i(x, "rd", "u32", "f32"))
  chk("cvt_f32_to_int", "__float2uint_ru", i, x, r2[3 * n + i], f2i(x, "ru", "u32", "f32"))
  chk("cvt_f32_to_int", "(long long)", i, x, r3[i], f2i(x, "rz", "s64", "f32"))
  chk("cvt_f32_to_int", "__float2ll_rd", i, x, r3[n + i], f2i(x, "rd", "s64", "f32"))
  chk("cvt_f32_to_int", "(unsigned long long)", i, x, r4[i], f2i(x, "rz", "u64", "f32"))
  chk("cvt_f32_to_int", "__float2ull_rn", i, x, r4[n + i], f2i(x, "rn", "u64", "f32"))
end

r1, r2, r3, r4 = di_i:read(), di_u:read(), di_l:read(), di_ul:read()
for i = 1, n do
  local x = D[i]
  chk("cvt_f64_to_int", "(int)", i, x, r1[i], f2i(x, "rz", "s32", "f64"))
  chk("cvt_f64_to_int", "__double2int_rn", i, x, r1[n + i], f2i(x, "rn", "s32", "f64"))
  chk("cvt_f64_to_int", "(unsigned)", i, x, r2[i], f2i(x, "rz", "u32", "f64"))
  chk("cvt_f64_to_int", "__double2uint_ru", i, x, r2[n + i], f2i(x, "ru", "u32", "f64"))
  chk("cvt_f64_to_int", "(long long)", i, x, r3[i], f2i(x, "rz", "s64", "f64"))
  chk("cvt_f64_to_int", "__double2ll_rd", i, x, r3[n + i], f2i(x, "rd", "s64", "f64"))
  chk("cvt_f64_to_int", "(unsigned long long)", i, x, r4[i], f2i(x, "rz", "u64", "f64"))
  chk("cvt_f64_to_int", "__double2ull_rn", i, x, r4[n + i], f2i(x, "rn", "u64", "f64"))
end

local of, od = if_f:read(), if_d:read()
for i = 1, n do
  local a, b, c, d = IA[i], IB[i], IC[i], ID[i]
  local ef = { s2fp(a, 24, "rn"), s2fp(a, 24, "rz"), s2fp(a, 24, "rd"), s2fp(a, 24, "ru"),
    u2fp(b, 24, "rn"), u2fp(b, 24, "rd"), s2fp(c, 24, "rn"), s2fp(c, 24, "rz"),
    u2fp(d, 24, "rn"), u2fp(d, 24, "ru") }
  local nf = { "(float)int", "__int2float_rz", "__int2float_rd", "__int2float_ru", "(float)unsigned",
    "__uint2float_rd", "(float)long long", "__ll2float_rz", "(float)unsigned long long", "__ull2float_ru" }
  local xs = { a, a, a, a, b, b, c, c, string.format("0x%x", d), string.format("0x%x", d) }
  for k = 1, 10 do chk("cvt_int_to_fp", nf[k], i, xs[k], of[(k - 1) * n + i], ef[k]) end
  local ed = { a + 0.0, b + 0.0, s2fp(c, 53, "rn"), s2fp(c, 53, "rz"), u2fp(d, 53, "rn"), u2fp(d, 53, "rd") }
  local nd = { "(double)int", "(double)unsigned", "(double)long long", "__ll2double_rz",
    "(double)unsigned long long", "__ull2double_rd" }
  local xd = { a, b, c, c, string.format("0x%x", d), string.format("0x%x", d) }
  for k = 1, 6 do chk("cvt_int_to_fp", nd[k], i, xd[k], od[(k - 1) * n + i], ed[k]) end
end

of, od = ff_f:read(), ff_d:read()
for i = 1, n do
  local f, d = F[i], D[i]
  local ef = { f32r(d, "rn"), f32r(d, "rz"), f32r(d, "rd"), f32r(d, "ru"),
    to_integral(f, "rn"), to_integral(f, "rd"), to_integral(f, "ru"), to_integral(f, "rz"), ws.f32(f * 3.0) }
  local nf = { "(float)double", "__double2float_rz", "__double2float_rd", "__double2float_ru",
    "rintf", "floorf", "ceilf", "truncf", "(float)((double)f*3)" }
  for k = 1, 9 do chk("cvt_fp_fp", nf[k], i, k <= 4 and d or f, of[(k - 1) * n + i], ef[k]) end
  local ed = { f, to_integral(d, "rn"), to_integral(d, "rd"), to_integral(d, "ru"), to_integral(d, "rz"),
    ws.f32(f * 0.5) }
  local nd = { "(double)float", "rint", "floor", "ceil", "trunc", "(double)(f*0.5f)" }
  for k = 1, 6 do chk("cvt_fp_fp", nd[k], i, k == 1 and f or d, od[(k - 1) * n + i], ed[k]) end
end

local function sx(v, bits)
  v = v & ((1 << bits) - 1)
  if v >= (1 << (bits - 1)) then v = v - (1 << bits) end
  return v
end
local no = nar:read()
for i = 1, n do
  local v = IA[i]
  -- (short)(v*3) >> 2 is an arithmetic shift: floor division by 4;
  -- (signed char)(v >> 3) only keeps bits 3..10 of v, so the shift kind is moot
  local e = { sx(v, 8), v & 0xff, sx(v, 16), v & 0xffff, sx(v >> 3, 8) * 1000, sx(v * 3, 16) // 4 }
  local nm = { "(signed char)", "(unsigned char)", "(short)", "(unsigned short)",
    "(signed char)(v>>3)*1000", "(short)(v*3)>>2" }
  for k = 1, 6 do chk("cvt_narrow", nm[k], i, v, no[(k - 1) * n + i], e[k]) end
end

print(string.format("acc_fcvt: OK (%d inputs x 12 + 8 + 16 + 15 + 6 conversions, exact)", n))
