-- acc_half: half precision and 8-bit integer arithmetic as nvcc compiles
-- CUDA's intrinsics for sm_75, checked exactly.
--  half_ops: __float2half_rn, __hadd/__hsub/__hmul/__hfma (add/sub/mul/
--    fma.rn.f16), __hmax (through f32), __hneg, __hlt (setp.lt.f16),
--    __float2half_rz (cvt.rz.f16.f32)
--  half2_ops: __floats2half2_rn (two cvt.rn.f16.f32 and mov.b32 {lo, hi}),
--    __hfma2, __hmul2, __low2float/__high2float, __hbeq2 (set.eq.u32.f16x2)
--  bf16_ops: __float2bfloat16_rn/_rz and back (sm_75 code emulates them
--    with integer operations and mov.b32 {0, h})
--  int8_ops: __dp4a signed and unsigned, __dp2a_lo (s32), __dp2a_hi (u32),
--    __vabsdiffu4 and __vsads4 (vabsdiff4)
-- Reference: IEEE rounding of the exact result worked out below in Lua (the
-- inputs keep every f16 result exact in a double before its one rounding),
-- and the CUDA definitions of the integer intrinsics.
-- Kernel: tests/kernels/acc_half.cu

local m = ws.load_ptx("../kernels/acc_half.ptx")

local seed = 424242
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end

-- x rounded to a binary format with p significant bits and smallest
-- normal exponent emin (subnormals below it); mode "rn" or "rz".
local function round_bin(x, p, emin, mode)
  if x == 0 or x ~= x or x == math.huge or x == -math.huge then return x end
  local a = math.abs(x)
  local _, e = math.frexp(a)            -- a = f * 2^e, f in [0.5, 1)
  e = e - 1                             -- a in [2^e, 2^(e+1))
  if e < emin then e = emin end
  local q = a / 2.0 ^ (e - p + 1)       -- exact: a power-of-two scale
  local fl = math.floor(q)
  if mode == "rn" then
    local r = q - fl
    if r > 0.5 or (r == 0.5 and fl % 2 == 1) then fl = fl + 1 end
  end
  local v = fl * 2.0 ^ (e - p + 1)
  return x < 0 and -v or v
end
local function f16(x, mode) return round_bin(x, 11, -14, mode or "rn") end
local function bf16(x, mode) return round_bin(x, 8, -126, mode or "rn") end
local function f32(x) return (string.unpack("<f", string.pack("<f", x))) end

-- The bits of an f16 value (finite, within range here).
local function f16bits(v)
  local s = (v < 0 or (v == 0 and 1 / v < 0)) and 0x8000 or 0
  local a = math.abs(v)
  if a == 0 then return s end
  if a > 65504 then return s | 0x7c00 end
  local _, e = math.frexp(a)
  e = e - 1
  if e < -14 then return s | math.tointeger(a / 2.0 ^ -24) end
  local mant = math.tointeger(a / 2.0 ^ (e - 10)) - 1024
  return s | ((e + 15) << 10) | mant
end

-- inputs: multiples of 1/16 (exact in f16) and some values that are not
local n = 96
local A, B, C = {}, {}, {}
local odd = { 0.1, -0.3, 1 / 3, 1000.7, -2049.5, 0.007 }
for i = 1, n do
  A[i] = (rnd() % 2049 - 1024) / 16
  B[i] = (rnd() % 513 - 256) / 16
  C[i] = (rnd() % 257 - 128) / 16
  if i % 8 == 0 then A[i] = odd[(i // 8 - 1) % #odd + 1] end
  A[i], B[i], C[i] = f32(A[i]), f32(B[i]), f32(C[i])
end
A[1], B[1] = 2048.0, 1.0          -- 2049 is a tie: even 2048
A[2], B[2] = 2048.0, 3.0          -- 2051 is a tie: 2052
A[3], B[3] = 1.5, 1.5             -- equal halves for __hbeq2

local bA, bB, bC = ws.alloc("f32", n), ws.alloc("f32", n), ws.alloc("f32", n)
bA:write(A); bB:write(B); bC:write(C)
local oH = ws.alloc("u16", 8 * n)
local o2 = ws.alloc("f32", 4 * n)
local oB = ws.alloc("f32", 3 * n)
ws.launch(m, "half_ops", { grid = 3, block = 32, args = { bA, bB, bC, oH, n } })
ws.launch(m, "half2_ops", { grid = 3, block = 32, args = { bA, bB, o2, n } })
ws.launch(m, "bf16_ops", { grid = 3, block = 32, args = { bA, bB, oB, n } })

local X, Y, Z = {}, {}, {}
for i = 1, 4 * n do
  X[i] = rnd() | ((rnd() & 1) << 31)
  Y[i] = rnd() | ((rnd() & 1) << 31)
  Z[i] = rnd() - 0x40000000
end
local ni = 4 * n
local bX, bY, bZ = ws.alloc("s32", ni), ws.alloc("s32", ni), ws.alloc("s32", ni)
local function s32(v)
  v = v & 0xffffffff
  return v >= 0x80000000 and v - 0x100000000 or v
end
for i = 1, ni do X[i], Y[i], Z[i] = s32(X[i]), s32(Y[i]), s32(Z[i]) end
bX:write(X); bY:write(Y); bZ:write(Z)
local oI = ws.alloc("s32", 6 * ni)
ws.launch(m, "int8_ops", { grid = ni // 32, block = 32, args = { bX, bY, bZ, oI, ni } })
ws.run()

-- half_ops
local h = oH:read()
local names = { "__hadd", "__hsub", "__hmul", "__hfma", "__hmax", "__hneg", "__hlt", "__float2half_rz(3a)" }
for i = 1, n do
  local x, y, z = f16(A[i]), f16(B[i]), f16(C[i])
  local e = {
    f16bits(f16(x + y)), f16bits(f16(x - y)), f16bits(f16(x * y)),
    f16bits(f16(x * y + z)), f16bits(math.max(x, y)), f16bits(-x),
    (x < y) and 1 or 0, f16bits(f16(f32(A[i] * 3), "rz")),
  }
  for k = 1, 8 do
    local got = h[8 * (i - 1) + k]
    ws.check(got == e[k], string.format("half_ops %s (a=%.9g b=%.9g c=%.9g) [%d] = 0x%04x, expected 0x%04x",
      names[k], A[i], B[i], C[i], i - 1, got, e[k]))
  end
end

-- half2_ops
local r2 = o2:read()
for i = 1, n do
  local x, y = f16(A[i]), f16(B[i])
  local e = { f16(x * y + x), f16(y * x + y), f32(x * 0.5 + y * 0.5),
              (x == y) and 1.0 or 0.0 }
  for k = 1, 4 do
    local got = r2[4 * (i - 1) + k]
    ws.check(got == e[k], string.format("half2_ops [%d][%d] (a=%.9g b=%.9g) = %.9g, expected %.9g",
      i - 1, k - 1, A[i], B[i], got, e[k]))
  end
end

-- bf16_ops
local rb = oB:read()
for i = 1, n do
  local x, y = bf16(A[i]), bf16(B[i])
  local e = { x, f32(x * y), bf16(A[i], "rz") }
  for k = 1, 3 do
    local got = rb[3 * (i - 1) + k]
    ws.check(got == e[k], string.format("bf16_ops [%d][%d] (a=%.9g b=%.9g) = %.9g, expected %.9g",
      i - 1, k - 1, A[i], B[i], got, e[k]))
  end
end

-- int8_ops
local function byte(v, k, signed)
  local b = (v >> (8 * k)) & 0xff
  if signed and b >= 0x80 then b = b - 0x100 end
  return b
end
local function half(v, k, signed)
  local b = (v >> (16 * k)) & 0xffff
  if signed and b >= 0x8000 then b = b - 0x10000 end
  return b
end
local ri = oI:read()
local inames = { "__dp4a(int)", "__dp4a(unsigned)", "__dp2a_lo(int)", "__dp2a_hi(unsigned)",
                 "__vabsdiffu4", "__vsads4" }
for i = 1, ni do
  local x, y, z = X[i], Y[i], Z[i]
  local d4s, d4u, sad, absd = z, z, 0, 0
  for k = 0, 3 do
    d4s = d4s + byte(x, k, true) * byte(y, k, true)
    d4u = d4u + byte(x, k, false) * byte(y, k, false)
    absd = absd | (math.abs(byte(x, k, false) - byte(y, k, false)) << (8 * k))
    sad = sad + math.abs(byte(x, k, true) - byte(y, k, true))
  end
  local d2s = z + half(x, 0, true) * byte(y, 0, true) + half(x, 1, true) * byte(y, 1, true)
  local d2u = z + half(x, 0, false) * byte(y, 2, false) + half(x, 1, false) * byte(y, 3, false)
  local e = { s32(d4s), s32(d4u), s32(d2s), s32(d2u), s32(absd), s32(sad) }
  for k = 1, 6 do
    local got = ri[6 * (i - 1) + k]
    ws.check(got == e[k], string.format("int8_ops %s (x=0x%08x y=0x%08x z=%d) [%d] = %d, expected %d",
      inames[k], x & 0xffffffff, y & 0xffffffff, z, i - 1, got, e[k]))
  end
end

print(string.format("acc_half: OK (f16 %d x 8, f16x2 %d x 4, bf16 %d x 3, int8 %d x 6)", n, n, n, ni))
