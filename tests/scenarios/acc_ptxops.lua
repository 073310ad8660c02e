-- acc_ptxops: PTX instruction semantics that C code rarely reaches, as
-- inline PTX (hand-written PTX in the nvcc dialect):
--  * shl/shr.u32/.s32/.b64 by amounts >= the register width: clamped to the
--    width (result 0, or all sign bits for .s), including amount 0xffffffff
--  * bfe.u32/.s32/.u64 and bfi.b32 with position/length taken mod 256,
--    fields running past the msb, length 0
--  * setp.lt.and.s32 / setp.ge.or.u32 / setp.ne.xor.s32 with p|q outputs
--  * slct.s32.s32, slct.u32.f32 (-0.0 selects the first operand), cnot.b32
--  * mad.hi.s32/.u32, mad.wide.s32/.u32, min.u64, max.s64, selp.b64, abs.s64
--  * cvt.s8.s32 (truncate + sign-extend into a 32-bit register),
--    cvt.sat.{s8,u8,s16}.s32, cvt.sat.u32.s32, cvt.sat.s32.u32
--  * add.sat.s32 / sub.sat.s32, abs/neg.s32 of INT_MIN
--  * @p / @!p predicated instructions in a { } scope with local .reg
--  * mov.b32 {lo, hi} unpack / pack of .b16 halves, xor.b16; mov.b64 {a, b}
--  * f32: add.sat (clamp to [0,1], NaN -> +0), mul.ftz (subnormal inputs
--    and results flushed to sign-preserving zero), fma.rn.sat, selp.f32,
--    min.f32 with NaN and with +0/-0 (ISA: +0.0 > -0.0), abs.ftz (flushes a
--    subnormal input to zero); sqrt.approx/rcp.approx/div.full with
--    tolerances (relative 2^-21 for the .approx forms, i.e. about 4 ulp,
--    looser than the ~1 ulp the PTX ISA describes; div.full: 2 ulp)
-- Reference: PTX ISA semantics of each instruction (pseudo-code of bfe/bfi
-- and setp transcribed below).
-- Kernel: tests/kernels/acc_ptxops.cu

local m = ws.load_ptx("../kernels/acc_ptxops.ptx")

local seed = 909090
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
local function s32(x) return sx(x, 32) end
local function clamp(v, lo, hi) if v < lo then return lo elseif v > hi then return hi end return v end
local function from32(b) return (string.unpack("<f", string.pack("<I4", b))) end
local function bits32(x) return (string.unpack("<I4", string.pack("<f", x))) end
local function bits64(x) return (string.unpack("<i8", string.pack("<d", x))) end
local function from64(b) return (string.unpack("<d", string.pack("<i8", b))) end
local function asr64(x, s) if s >= 64 then s = 63 end if x >= 0 then return x >> s end return ~((~x) >> s) end

---------------------------------------------------------------------- inputs
local n = 192
local A, B, C, F, G, X, Y = {}, {}, {}, {}, {}, {}, {}
local fixedA = { 0x80000000, 0x7fffffff, 0xffffffff, 0, 1, 0x12345678, 0xfffffff0, 0x000000ff, 0x00008000, 0xffff8000 }
local SUB1, SUB2 = from32(0x00000123), from32(0x80400000)   -- subnormals (+ and -)
local fixedF = { { 0.5, 0.25 }, { 0.75, 0.5 }, { -0.5, 0.25 }, { 2.0, 3.0 }, { NAN, 1.0 }, { 1.0, NAN }, { INF, 2.0 },
  { -INF, 0.5 }, { 0.0, -0.0 }, { -0.0, 1.0 }, { SUB1, 3.0 }, { SUB2, -2.0 }, { 1e-20, 1e-20 }, { -1e-20, 1e-21 },
  { 1e20, 1e-30 }, { 0.3, 0.7 }, { 0.9, 0.2 }, { -0.0, -0.0 }, { 1e30, 1e10 }, { 0.1, -0.1 } }
for i = 1, n do
  A[i] = fixedA[i] or u32((rnd() << 1) ~ rnd())
  if i > #fixedA and i % 4 == 0 then A[i] = u32(rnd() % 70000 - 35000) end
  B[i] = (i % 2 == 0) and (rnd() % 41) or u32((rnd() << 1) ~ rnd())
  if i % 3 == 0 then
    C[i] = u32((rnd() << 1) ~ rnd())
  else
    C[i] = (rnd() % 71) | ((rnd() % 41) << 8) | ((rnd() & 0xffff) << 16)
  end
  if i == 7 then C[i] = 0xffffffff end
  if i == 8 then C[i] = 32 | (0 << 8) end
  local ff = fixedF[i]
  if ff then F[i], G[i] = ff[1], ff[2]
  else
    F[i] = (rnd() % 2000001 - 1000000) / 2.0 ^ (rnd() % 30 + 1)
    G[i] = (rnd() % 2000001 - 1000000) / 2.0 ^ (rnd() % 30 + 1)
  end
  F[i], G[i] = ws.f32(F[i]), ws.f32(G[i])
  X[i] = (rnd() << 33) ~ (rnd() << 2) ~ rnd()
  Y[i] = (rnd() << 33) ~ (rnd() << 5) ~ rnd()
  if i % 2 == 0 then X[i] = -X[i] end
  if i % 5 == 0 then Y[i] = X[i] end
end
X[1], X[2], X[3] = math.mininteger, math.maxinteger, -1

local bA = ws.alloc("u32", n); bA:write(A)
local bB = ws.alloc("u32", n); bB:write(B)
local bC = ws.alloc("u32", n); bC:write(C)
local bF = ws.alloc("f32", n); bF:write(F)
local bG = ws.alloc("f32", n); bG:write(G)
local bX = ws.alloc("s64", n); bX:write(X)
local bY = ws.alloc("s64", n); bY:write(Y)
local ou = ws.alloc("u32", 27 * n)
local of = ws.alloc("f32", 9 * n)
local ol = ws.alloc("s64", 10 * n)
ws.launch(m, "ptx_ops", { grid = n // 64, block = 64, args = { bA, bB, bC, bF, bG, bX, bY, ou, of, ol, n } })
ws.run()
F, G = bF:read(), bG:read()

------------------------------------------------------------------ semantics
local function shl(a, s, w) if s >= w then return 0 end return (a << s) & ((1 << w) - 1) end
local function shr_u(a, s) if s >= 32 then return 0 end return a >> s end
local function shr_s(a, s) if s > 31 then s = 31 end return u32(s32(a) >> s | (s32(a) < 0 and ~(0xffffffff >> s) or 0)) end
local function bfe(a, pos, len, bits, signed)       -- PTX ISA bfe pseudo-code
  pos, len = pos & 0xff, len & 0xff
  local msb = bits - 1
  local sbit = 0
  if signed and len ~= 0 then sbit = (a >> math.min(pos + len - 1, msb)) & 1 end
  local d = 0
  for i = 0, msb do
    local bit
    if i < len and pos + i <= msb then bit = (a >> (pos + i)) & 1 else bit = sbit end
    d = d | (bit << i)
  end
  return d
end
local function bfi(a, b, pos, len, bits)            -- PTX ISA bfi: insert a into b
  pos, len = pos & 0xff, len & 0xff
  local f = b
  local i = 0
  while i < len and pos + i <= bits - 1 do
    f = (f & ~(1 << (pos + i))) | (((a >> i) & 1) << (pos + i))
    i = i + 1
  end
  return f
end
local function bb(x) return x and 1 or 0 end
local function sat01(v) if isnan(v) then return 0.0 end return clamp(v, 0.0, 1.0) end
local FMIN = 2.0 ^ -126
local function ftz(v) if v ~= 0 and math.abs(v) < FMIN then return (v < 0) and -0.0 or 0.0 end return v end
local function add_odd(a, b)
  local s = a + b
  local t = s - a
  local e = (a - (s - t)) + (b - t)
  if e ~= 0 and bits64(s) & 1 == 0 then
    local k = bits64(s)
    if (s > 0) == (e > 0) then k = k + 1 else k = k - 1 end
    s = from64(k)
  end
  return s
end
local function fma32(a, b, c)
  local p = a * b
  if isnan(p) or isnan(c) or math.abs(p) == INF or math.abs(c) == INF or (p == 0 and c == 0) then return ws.f32(p + c) end
  return ws.f32(add_odd(p, c))
end
local function same(got, exp)
  if isnan(exp) then return isnan(got) end
  if got ~= exp then return false end
  if exp == 0 then return (1 / got > 0) == (1 / exp > 0) end
  return true
end
local function rel_ok(got, exp, tol)
  if isnan(exp) then return isnan(got) end
  if exp == INF or exp == -INF or exp == 0 then return got == exp end
  if math.abs(ws.f32(exp)) == INF then return got == ws.f32(exp) end
  return math.abs(got - exp) <= tol * math.abs(exp)
end
local function ulp_ok(got, exp, k)
  if isnan(exp) then return isnan(got) end
  if exp == INF or exp == -INF then return got == exp end
  if math.abs(ws.f32(exp)) == INF then return got == ws.f32(exp) end
  local a = math.abs(exp)
  if a < FMIN then return math.abs(got - exp) <= FMIN end     -- subnormal results: loose
  local e = ((bits64(a) >> 52) & 0x7ff) - 1023
  return math.abs(got - exp) <= (k + 0.5) * 2.0 ^ (e - 23)
end

-------------------------------------------------------------------- checks
local uo, fo, lo = ou:read(), of:read(), ol:read()
local unames = { "shl.b32 s&63", "shr.u32 s&63", "shr.s32 s&63", "shl.b32 s", "bfe.u32", "bfe.s32", "bfi.b32",
  "setp.lt.and.s32 p|q", "setp.ge.or.u32 p|q", "setp.ne.xor.s32 p|q", "slct.s32.s32", "slct.u32.f32", "cnot.b32",
  "mad.hi.s32", "mad.hi.u32", "cvt.s8.s32", "cvt.sat.s8.s32", "cvt.sat.u8.s32", "cvt.sat.s16.s32",
  "cvt.sat.u32.s32", "cvt.sat.s32.u32", "add.sat.s32", "sub.sat.s32", "abs.s32", "neg.s32", "@p/@!p", "mov.b32 {lo,hi}" }
for i = 1, n do
  local a, b, c, f = A[i], B[i], C[i], F[i]
  local sa, sb, sc = s32(a), s32(b), s32(c)
  local v = s32(a) >> (c & 31)
  if sa < 0 then v = sa // (1 << (c & 31)) end         -- arithmetic shift of s32(a)
  local t7 = sa < sb
  local c1 = (c & 1) ~= 0
  local t8 = a >= b
  local c2 = (c & 2) ~= 0
  local t9 = (a & 7) ~= (b & 7)
  local c4 = (c & 4) ~= 0
  local lo16, hi16 = a & 0xffff, a >> 16
  local e = {
    shl(a, c & 63, 32), shr_u(a, c & 63), u32(asr64(sa, c & 63)), shl(a, c, 32),
    bfe(a, b, c, 32, false), bfe(a, b, c, 32, true), bfi(b, a, c, c >> 8, 32),
    bb(t7 and c1) | (bb((not t7) and c1) << 1),
    bb(t8 or c2) | (bb((not t8) or c2) << 1),
    bb(t9 ~= c4) | (bb((not t9) ~= c4) << 1),
    sc >= 0 and a or b, (f >= 0) and a or b, bb((a & c & 7) == 0),
    u32((sa * sb) // (1 << 32) + c), u32(((a * b) >> 32) + c),
    u32(sx(a, 8)), u32(clamp(v, -128, 127)), u32(clamp(v, 0, 255)), u32(clamp(v, -32768, 32767)),
    u32(math.max(sa, 0)), math.min(a, 0x7fffffff),
    u32(clamp(sa + sb, -2147483648, 2147483647)), u32(clamp(sa - sb, -2147483648, 2147483647)),
    u32(math.abs(sa)), u32(-sa),
    sa > sb and u32((c + 1) << 1) or u32(c - 1),
    hi16 | ((lo16 ~ hi16) << 16),
  }
  for k = 1, 27 do
    local got = uo[(k - 1) * n + i]
    local ok = got == e[k]
    if k == 12 and isnan(f) then ok = (got == a or got == b) end   -- slct on NaN: either operand
    ws.check(ok, string.format("ptx_ops %s (a=0x%08x b=0x%08x c=0x%08x f=%s) [elem %d] = 0x%08x, expected 0x%08x",
      unames[k], a, b, c, f, i - 1, got, e[k]))
  end
end

local fnames = { "add.sat.f32", "mul.ftz.f32", "fma.rn.sat.f32", "sqrt.approx.f32", "rcp.approx.f32",
  "div.full.f32", "selp.f32", "min.f32", "abs.ftz.f32" }
for i = 1, n do
  local f, g, a = F[i], G[i], A[i]
  local fz, gz = ftz(f), ftz(g)
  local mul = fz * gz
  if not isnan(mul) then mul = ftz(ws.f32(mul)) end
  local mn
  if isnan(f) then mn = g elseif isnan(g) then mn = f else mn = math.min(f, g) end
  local e = { sat01(ws.f32(f + g)), mul, sat01(fma32(f, g, f)), math.sqrt(math.abs(f)), 1 / f, f / g,
    (a & 1 ~= 0) and f or g, mn, isnan(f) and NAN or math.abs(ftz(f)) }
  for k = 1, 9 do
    local got = fo[(k - 1) * n + i]
    local ok
    if k == 1 or k == 3 then ok = (e[k] == 0 and got == 0) or same(got, e[k])   -- sign of a clamped zero
    elseif k == 4 or k == 5 then ok = rel_ok(got, e[k], 2 ^ -21)
    elseif k == 6 then ok = ulp_ok(got, e[k], 2)
    elseif k == 8 and f == 0 and g == 0 then                                -- PTX ISA: +0.0 > -0.0
      ok = same(got, ((1 / f < 0) or (1 / g < 0)) and -0.0 or 0.0)
    else ok = same(got, e[k]) end
    ws.check(ok, string.format("ptx_ops %s (f=%.9g g=%.9g) [elem %d] = %.9g (%08x), expected %.9g",
      fnames[k], f, g, i - 1, got, bits32(got), e[k]))
  end
end

local lnames = { "shl.b64", "shr.s64", "mad.wide.s32", "mad.wide.u32", "min.u64", "max.s64", "mov.b64 {a,b}",
  "bfe.u64", "selp.b64", "abs.s64" }
for i = 1, n do
  local x, y, a, b, c = X[i], Y[i], A[i], B[i], C[i]
  local s = c & 127
  local e = {
    s >= 64 and 0 or (x << s), asr64(x, s), s32(a) * s32(b) + x, a * b + x,
    math.ult(x, y) and x or y, math.max(x, y), a | (b << 32),
    bfe(x, b, c, 64, false), (x < y) and x or y, x == math.mininteger and x or math.abs(x),
  }
  for k = 1, 10 do
    local got = lo[(k - 1) * n + i]
    ws.check(got == e[k], string.format("ptx_ops %s (x=0x%x y=0x%x a=0x%x b=0x%x c=0x%x) [elem %d] = 0x%x, expected 0x%x",
      lnames[k], x, y, a, b, c, i - 1, got, e[k]))
  end
end

print(string.format("acc_ptxops: OK (%d inputs x (27 + 9 + 10) results)", n))
