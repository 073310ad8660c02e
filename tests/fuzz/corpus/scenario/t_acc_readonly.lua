-- acc_readonly: read-only and module-scope data.
--  * const __restrict__ / __ldg: ld.global.nc.u32 (gather index),
--    ld.global.nc.v4.f32, ld.global.nc.v2.f64, ld.global.nc.f32 (ro_restrict)
--  * __constant__ arrays with initialisers (.const .b8 name[N] = {...}):
--    ld.const at data-dependent offsets, at symbol+offset, ld.const.s16
--    inside a struct, ld.const.f64; a Horner polynomial from constant
--    coefficients (fma.rn.f32 chain); initialised __device__ globals
--    (.global ... = {...}, .global .u32 g = 5, .global .f32 g = 0f40200000)
--    read with ld.global [symbol] (ro_constant)
--  * module globals persist across launches: ro_bump adds to g_table and
--    atomically increments g_counter (mov.u64 %rd, g_counter +
--    atom.global.add), a later ro_readback reads them
-- Kernel: tests/kernels/acc_readonly.cu

local m = ws.load_ptx("../../tests/kernels/acc_readonly.ptx")

local seed = 112358
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end
local function s32(x)
  x = x & 0xffffffff
  if x >= 0x80000000 then x = x - 0x100000000 end
  return x
end
local function bits64(x) return (string.unpack("<i8", string.pack("<d", x))) end
local function from64(b) return (string.unpack("<d", string.pack("<i8", b))) end
local function add_odd(a, b)
  local s = a + b
  local bb = s - a
  local e = (a - (s - bb)) + (b - bb)
  if e ~= 0 and bits64(s) & 1 == 0 then
    local bs = bits64(s)
    if (s > 0) == (e > 0) then bs = bs + 1 else bs = bs - 1 end
    s = from64(bs)
  end
  return s
end
-- exact f32 fma: a*b is exact in double, RN_f32(RO_f64(a*b + c)) is exact
local function fma32(a, b, c) return ws.f32(add_odd(a * b, c)) end

local n = 128
---------------------------------------------------------------- ro_restrict
local X, IDX, V4, D2 = {}, {}, {}, {}
for i = 1, n do X[i] = ws.f32((rnd() % 2000001 - 1000000) / 512.0); IDX[i] = rnd() % n end
for i = 1, 4 * n do V4[i] = ws.f32((rnd() % 2000001 - 1000000) / 1000.0) end
for i = 1, 2 * n do D2[i] = (rnd() % 2000001 - 1000000) / 3.0 end
local bx = ws.alloc("f32", n); bx:write(X)
local bidx = ws.alloc("s32", n); bidx:write(IDX)
local bv4 = ws.alloc("f32", 4 * n); bv4:write(V4)
local bd2 = ws.alloc("f64", 2 * n); bd2:write(D2)
local bro = ws.alloc("f32", 4 * n)
ws.launch(m, "ro_restrict", { grid = n // 64, block = 64, args = { bx, bidx, bv4, bd2, bro, n } })

---------------------------------------------------------------- ro_constant
local IN = { 0, 1, -1, 63, 64, -64, 8, 9, 2147483647, -2147483648 }
for i = #IN + 1, n do IN[i] = s32((rnd() << 1) ~ rnd()) end
for i = 1, n do if i % 3 == 0 then IN[i] = (rnd() % 2001) - 1000 end end
local bin = ws.alloc("s32", n); bin:write(IN)
local bio = ws.alloc("s32", 3 * n)
local bfo = ws.alloc("f32", 2 * n)
local bdo = ws.alloc("f64", n)
ws.launch(m, "ro_constant", { grid = n // 32, block = 32, args = { bin, bio, bfo, bdo, n } })

---------------------------------------------------------------- persistence
local BY = 3
ws.launch(m, "ro_bump", { grid = 2, block = 32, args = { BY } })
local brb = ws.alloc("s32", 9)
ws.launch(m, "ro_readback", { grid = 1, block = 32, args = { brb } })

ws.run()

-------------------------------------------------------------------- checks
local LUT = { 7, -3, 12, 99, -100, 0, 5, 8, 2147483647, -2147483648, 1, 2, 3, 4, 5, 6,
  17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79,
  -1, -2, -4, -8, -16, -32, -64, -128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768,
  1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 11000, 12000, 13000, 14000, 15000, 16000 }
local POLY = { 1.0, -0.5, 0.25, -0.125, 0.0625 }
local DTAB = { 0.1, -2.5, 3.0e10, 1.0 / 3.0 }
local TAG = { 1, -2, 300, -32768 }
local GTAB = { 11, 22, 33, 44, 55, 66, 77, 88 }

local ro = bro:read()
for i = 0, n - 1 do
  local j = IDX[i + 1]
  local q = { V4[4 * i + 1], V4[4 * i + 2], V4[4 * i + 3], V4[4 * i + 4] }
  local e = { ws.f32(X[j + 1] + X[i + 1]), ws.f32(ws.f32(q[1] * q[4]) - q[2]),  -- mul.f32 + sub.f32 (not fused in the PTX)
    ws.f32(D2[2 * i + 1] - D2[2 * i + 2]),
    X[(i * 7) % n + 1] }
  for k = 1, 4 do
    ws.check(ro[4 * i + k] == e[k], string.format("ro_restrict out[%d] = %.9g, expected %.9g", 4 * i + k - 1, ro[4 * i + k], e[k]))
  end
end

local io, fo, dO = bio:read(), bfo:read(), bdo:read()
for i = 0, n - 1 do
  local v = IN[i + 1]
  local k = v & 63
  local e = { s32(LUT[k + 1] + LUT[((k * 5 + 3) & 63) + 1]), -42 * (v & 15) + TAG[(v & 3) + 1], GTAB[(v & 7) + 1] + 5 }
  for c = 1, 3 do
    ws.check(io[3 * i + c] == e[c], string.format("ro_constant iout[%d] (v=%d) = %d, expected %d", 3 * i + c - 1, v, io[3 * i + c], e[c]))
  end
  local r = math.fmod(v, 100)
  local t = ws.f32(r * 0.03125)
  local p = POLY[5]
  for mm = 4, 1, -1 do p = fma32(p, t, POLY[mm]) end
  ws.check(fo[2 * i + 1] == p, string.format("ro_constant poly[%d] (t=%g) = %.9g, expected %.9g", i, t, fo[2 * i + 1], p))
  local e2 = ws.f32(0.75 * 2.5 * (v & 255))
  ws.check(fo[2 * i + 2] == e2, string.format("ro_constant scale[%d] = %.9g, expected %.9g", i, fo[2 * i + 2], e2))
  local ed = DTAB[(v & 3) + 1] * (v // 64)
  ws.check(dO[i + 1] == ed, string.format("ro_constant dout[%d] = %.17g, expected %.17g", i, dO[i + 1], ed))
end

local rb = brb:read()
for t = 0, 7 do
  local e = GTAB[t + 1] + BY * t
  ws.check(rb[t + 1] == e, string.format("ro_readback g_table[%d] = %d, expected %d (module global not persisted?)", t, rb[t + 1], e))
end
ws.check(rb[9] == 7, string.format("ro_readback g_counter = %d, expected 7 (5 + one increment per block of ro_bump)", rb[9]))

print(string.format("acc_readonly: OK (restrict %d, constant %d, module globals persisted)", n, n))
