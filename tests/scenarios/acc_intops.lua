-- acc_intops: integer edge cases, checked exactly.
--  int32_ops: div.s32/rem.s32 with negative operands (truncation toward 0;
--    INT_MIN / -1 and x / 0 excluded in C), div.u32/rem.u32 by divisors
--    >= 2^31, mul.hi.s32/.u32, mul.lo wrap, brev.b32, clz.b32, __ffs
--    (brev + bfind.shiftamt.u32), popc.b32, shl/shr.s32/shr.u32 by 0..31,
--    bit fields with constant and variable position/length, bit insertion,
--    min.s32/max.u32, abs.s32 (PTX abs of INT_MIN is INT_MIN), sad.s32/.u32,
--    mixed not/xor/and/or.
--  int64_ops: div/rem.s64/.u64 (unsigned divisors >= 2^63), mul.hi.s64/.u64,
--    mul.lo.s64 wrap, mul.wide.s32/.u32, brev.b64, clz.b64, __ffsll,
--    popc.b64, shl/shr.s64/shr.u64 by 0..63.
--  bitfield_struct: C bit-field struct read/modify/write (ld.global.v4.u8 +
--    prmt + bfi as emitted by nvcc), signed 7-bit field wrap.
-- Kernel: tests/kernels/acc_intops.cu

local m = ws.load_ptx("../kernels/acc_intops.ptx")

local seed = 8675309
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
local IMIN, IMAX = -2147483648, 2147483647
local LMIN, LMAX = math.mininteger, math.maxinteger

local function tdiv(x, y)           -- C division: truncation toward zero
  local q = x // y
  if q * y ~= x and ((x < 0) ~= (y < 0)) then q = q + 1 end
  return q
end
local function udiv64(a, b)         -- unsigned 64-bit division on bit patterns
  if b < 0 then return math.ult(a, b) and 0 or 1 end
  if a >= 0 then return a // b end
  local q = ((a >> 1) // b) << 1
  local r = a - q * b
  if not math.ult(r, b) then q = q + 1 end
  return q
end
local function umulhi64(a, b)
  local a0, a1, b0, b1 = a & 0xffffffff, a >> 32, b & 0xffffffff, b >> 32
  local p00, p01, p10, p11 = a0 * b0, a0 * b1, a1 * b0, a1 * b1   -- exact 64-bit patterns
  local mid = (p00 >> 32) + (p01 & 0xffffffff) + (p10 & 0xffffffff)
  return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32)
end
local function mulhi64(a, b)
  local h = umulhi64(a, b)
  if a < 0 then h = h - b end
  if b < 0 then h = h - a end
  return h
end
local function asr64(x, s) if x >= 0 then return x >> s end return ~((~x) >> s) end
local function brev(x, bits)
  local r = 0
  for i = 0, bits - 1 do if (x >> i) & 1 == 1 then r = r | (1 << (bits - 1 - i)) end end
  return r
end
local function clz(x, bits)
  for i = bits - 1, 0, -1 do if (x >> i) & 1 == 1 then return bits - 1 - i end end
  return bits
end
local function ffs(x, bits)
  for i = 0, bits - 1 do if (x >> i) & 1 == 1 then return i + 1 end end
  return 0
end
local function popc(x, bits)
  local c = 0
  for i = 0, bits - 1 do c = c + ((x >> i) & 1) end
  return c
end

---------------------------------------------------------------- int32 inputs
local n = 128
local A = { IMIN, IMIN, IMIN, IMAX, -7, 7, -7, 0, 5, -1, IMIN, -2147483647, 123456789, 1, -1, -1, IMAX, IMIN, -100, 99, 0x40000000, -3, 65535, -65536 }
local B = { -1, 1, 2, -1, 2, -2, -2, 5, 0, IMIN, IMIN, 3, -1000, IMIN, -2, 3, -16, IMAX, 7, -7, 3, 0, -65536, 65535 }
for i = #A + 1, n do
  A[i] = s32((rnd() << 1) ~ rnd())
  B[i] = s32((rnd() << 1) ~ rnd())
  if i % 4 == 0 then B[i] = (rnd() % 41) - 20 end         -- small divisors
  if i % 7 == 0 then A[i] = (rnd() % 2001) - 1000 end
end
local S = {}
for i = 1, n do S[i] = (i <= 32) and (i - 1) or u32((rnd() << 3) ~ rnd()) end
local bA = ws.alloc("s32", n); bA:write(A)
local bB = ws.alloc("s32", n); bB:write(B)
local bS = ws.alloc("u32", n); bS:write(S)
local bo = ws.alloc("s32", 24 * n)
ws.launch(m, "int32_ops", { grid = n // 64, block = 64, args = { bA, bB, bS, bo, n } })

---------------------------------------------------------------- int64 inputs
local X = { LMIN, LMIN, LMAX, -7, 7, 0, -1, -1, 1 << 32, LMIN, LMAX, -1, 0x123456789abcdef0, -(1 << 40) + 3 }
local Y = { -1, 3, -1, 2, -2, 9, LMIN, -2, 3, LMIN, LMAX, -1, 1 << 63, 1 << 33 }
for i = #X + 1, n do
  X[i] = (rnd() << 33) ~ (rnd() << 5) ~ rnd()
  Y[i] = (rnd() << 33) ~ (rnd() << 7) ~ rnd()
  if i % 2 == 0 then X[i] = -X[i] end
  if i % 3 == 0 then Y[i] = -Y[i] end
  if i % 5 == 0 then Y[i] = (rnd() % 100001) - 50000 end
end
local Z = {}
for i = 1, n do Z[i] = (i <= 64) and (i - 1) or s32((rnd() << 1) ~ rnd()) end
local bX = ws.alloc("s64", n); bX:write(X)
local bY = ws.alloc("s64", n); bY:write(Y)
local bZ = ws.alloc("s32", n); bZ:write(Z)
local bo64 = ws.alloc("s64", 16 * n)
ws.launch(m, "int64_ops", { grid = n // 32, block = 32, args = { bX, bY, bZ, bo64, n } })

---------------------------------------------------------------- bit-field struct
local nb = 64
local P = {}
for i = 1, nb do P[i] = u32((rnd() << 1) ~ rnd()) end
local bP = ws.alloc("u32", nb); bP:write(P)
local bF = ws.alloc("s32", 3 * nb)
ws.launch(m, "bitfield_struct", { grid = 2, block = 32, args = { bP, bF, nb } })

ws.run()

-------------------------------------------------------------------- checks
local names = { "x/y", "x%y", "ux/uy", "ux%uy", "__mulhi", "__umulhi", "x*y", "__brev", "__clz", "__ffs",
  "__popc", "x<<s", "x>>s", "ux>>s", "(ux>>7)&0x3ff", "(x<<9)>>20", "variable field", "insert",
  "min", "max(unsigned)", "abs", "__sad", "__usad", "~x^(y&0x5555..)|(x&~y)" }
local o = bo:read()
for i = 1, n do
  local x, y = A[i], B[i]
  local ux, uy = u32(x), u32(y)
  local sh = S[i] & 31
  local ok = y ~= 0 and not (x == IMIN and y == -1)
  local q = ok and tdiv(x, y) or 0x7eadbeef
  local e = {
    q, ok and (x - q * y) or 0x7eadbeef,
    uy ~= 0 and s32(ux // uy) or 0x7eadbeef, uy ~= 0 and s32(ux % uy) or 0x7eadbeef,
    (x * y) // (1 << 32), s32((ux * uy) >> 32), s32(x * y),
    s32(brev(ux, 32)), clz(ux, 32), ffs(ux, 32), popc(ux, 32),
    s32(x << sh), x // (1 << sh), s32(ux >> sh),
    (ux >> 7) & 0x3ff, s32(x << 9) // (1 << 20),
    s32((ux >> (sh & 15)) & ((1 << ((uy & 15) + 1)) - 1)),
    s32((ux & ~(0xff << 12)) | ((uy & 0xff) << 12)),
    math.min(x, y), s32(math.max(ux, uy)), s32(math.abs(x)),
    s32(math.abs(x - y) + 5), s32(math.abs(ux - uy) + 7),
    s32((~x ~ (y & 0x55555555)) | (x & ~y)),
  }
  for k = 1, 24 do
    local got = o[(k - 1) * n + i]
    ws.check(got == e[k], string.format("int32_ops %s (x=%d, y=%d, s=%d) [elem %d] = %s, expected %d",
      names[k], x, y, sh, i - 1, tostring(got), e[k]))
  end
end

local names64 = { "x/y", "x%y", "ux/uy", "ux%uy", "__mul64hi", "__umul64hi", "x*y", "mul.wide.s32",
  "mul.wide.u32", "__brevll", "clzll<<32|ffsll", "__popcll", "x<<s", "x>>s", "ux>>s", "mixed" }
local o64 = bo64:read()
for i = 1, n do
  local x, y, z = X[i], Y[i], Z[i]
  local sh = z & 63
  local ok = y ~= 0 and not (x == LMIN and y == -1)
  local q = ok and tdiv(x, y) or 0x7eadbeef
  local uq = y ~= 0 and udiv64(x, y) or 0x7eadbeef
  local e = {
    q, ok and (x - q * y) or 0x7eadbeef, uq, y ~= 0 and (x - uq * y) or 0x7eadbeef,
    mulhi64(x, y), umulhi64(x, y), x * y, z * s32(y), u32(z) * u32(x),
    brev(x, 64), (clz(x, 64) << 32) | ffs(x, 64), popc(x, 64),
    x << sh, asr64(x, sh), x >> sh, x + (y ~ asr64(x, 63)) - (z << 40),
  }
  for k = 1, 16 do
    local got = o64[(k - 1) * n + i]
    ws.check(got == e[k], string.format("int64_ops %s (x=%d, y=%d, z=%d) [elem %d] = %s, expected %d",
      names64[k], x, y, z, i - 1, tostring(got), e[k]))
  end
end

local function sx(v, bits)
  v = v & ((1 << bits) - 1)
  if v >= (1 << (bits - 1)) then v = v - (1 << bits) end
  return v
end
local pf, pp = bF:read(), bP:read()
for i = 1, nb do
  local w = P[i]
  local lo, mid, hi = w & 31, sx(w >> 5, 7), w >> 12
  ws.check(pf[3 * i - 2] == lo, string.format("bitfield_struct lo[%d] = %s, expected %d", i - 1, pf[3 * i - 2], lo))
  ws.check(pf[3 * i - 1] == mid, string.format("bitfield_struct mid[%d] = %s, expected %d", i - 1, pf[3 * i - 1], mid))
  ws.check(pf[3 * i] == hi, string.format("bitfield_struct hi[%d] = %s, expected %d", i - 1, pf[3 * i], hi))
  local nw = ((lo + 3) & 31) | (((mid - 70) & 127) << 5) | ((hi ~ 0xabcde) << 12)
  ws.check(pp[i] == nw, string.format("bitfield_struct word[%d] = 0x%08x, expected 0x%08x", i - 1, pp[i], nw))
end

print(string.format("acc_intops: OK (int32 %d x 24, int64 %d x 16, bit-field %d)", n, n, nb))
