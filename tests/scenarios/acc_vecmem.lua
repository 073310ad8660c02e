-- acc_vecmem: vector and narrow memory accesses.
--  * ld/st.global.v4.f32 (float4), .v2.u32 (int2), .v2.f64 (double2),
--    .v2.u64 (longlong2) (vec_global)
--  * 8/16-bit element types: ld.global.u8/u16 into 16-bit registers with
--    cvt.s32.s8 sign extension, 16-bit arithmetic (add/mul.lo/sub.s16,
--    mul.wide.s16), st.global.u8/u16 truncation (small_types)
--  * ld/st.global.v4.u8 (uchar4), .v2.u16 (short2), float4 staged through
--    shared memory (st.shared.v4.u32 / ld.shared.v4.f32) (vec_small_shared)
--  * ld.global.s8/.s16 sign-extending straight into 32- and 64-bit
--    registers, ld.global.u8/.u16 into 32/64-bit registers (small_widen)
-- Kernel: tests/kernels/acc_vecmem.cu

local m = ws.load_ptx("../kernels/acc_vecmem.ptx")

local seed = 97531
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end
local function sx(v, bits)
  v = v & ((1 << bits) - 1)
  if v >= (1 << (bits - 1)) then v = v - (1 << bits) end
  return v
end
local function s32(x) return sx(x, 32) end

local n = 128
---------------------------------------------------------------- vec_global
local F4, I2, D2, L2 = {}, {}, {}, {}
for i = 1, 4 * n do F4[i] = ws.f32((rnd() % 2000001 - 1000000) / 256.0) end
for i = 1, 2 * n do
  I2[i] = s32((rnd() << 1) ~ rnd())
  D2[i] = (rnd() % 2000001 - 1000000) / 64.0
  L2[i] = (rnd() << 33) ~ (rnd() << 2) ~ rnd()
  if i % 3 == 0 then L2[i] = -L2[i] end
end
local bf4 = ws.alloc("f32", 4 * n); bf4:write(F4)
local bi2 = ws.alloc("s32", 2 * n); bi2:write(I2)
local bd2 = ws.alloc("f64", 2 * n); bd2:write(D2)
local bl2 = ws.alloc("s64", 2 * n); bl2:write(L2)
local of4 = ws.alloc("f32", 4 * n)
local oi2 = ws.alloc("s32", 2 * n)
local od2 = ws.alloc("f64", 2 * n)
local ol2 = ws.alloc("s64", 2 * n)
ws.launch(m, "vec_global", { grid = n // 64, block = 64, args = { bf4, bi2, bd2, bl2, of4, oi2, od2, ol2, n } })

---------------------------------------------------------------- small_types
local S8, U8, S16, U16 = {}, {}, {}, {}
for i = 1, 2 * n do
  S8[i] = sx(rnd(), 8); U8[i] = rnd() & 0xff
  S16[i] = sx(rnd(), 16); U16[i] = rnd() & 0xffff
end
S8[1], S8[2], U8[1], U8[2], S16[1], S16[2], U16[1], U16[2] = -128, 127, 255, 0, -32768, 32767, 65535, 0
local b8 = ws.alloc("s8", 2 * n); b8:write(S8)
local bu8 = ws.alloc("u8", 2 * n); bu8:write(U8)
local b16 = ws.alloc("s16", 2 * n); b16:write(S16)
local bu16 = ws.alloc("u16", 2 * n); bu16:write(U16)
local sto = ws.alloc("s32", 4 * n)
local st8 = ws.alloc("s8", n)
local st16 = ws.alloc("u16", n)
ws.launch(m, "small_types", { grid = n // 32, block = 32, args = { b8, bu8, b16, bu16, sto, st8, st16, n } })

---------------------------------------------------------------- vec_small_shared
local nv = 192
local UC4, SS2, FF4 = {}, {}, {}
for i = 1, 4 * nv do UC4[i] = rnd() & 0xff; FF4[i] = ws.f32((rnd() % 20001 - 10000) / 16.0) end
for i = 1, 2 * nv do SS2[i] = sx(rnd(), 16) end
local buc4 = ws.alloc("u8", 4 * nv); buc4:write(UC4)
local bss2 = ws.alloc("s16", 2 * nv); bss2:write(SS2)
local bff4 = ws.alloc("f32", 4 * nv); bff4:write(FF4)
local ouc4 = ws.alloc("u8", 4 * nv)
local oss2 = ws.alloc("s16", 2 * nv)
local off4 = ws.alloc("f32", 4 * nv)
ws.launch(m, "vec_small_shared", { grid = nv // 64, block = 64, args = { buc4, bss2, bff4, ouc4, oss2, off4, nv } })

---------------------------------------------------------------- small_widen
local wo = ws.alloc("s32", 2 * n)
local wo64 = ws.alloc("s64", 2 * n)
ws.launch(m, "small_widen", { grid = n // 64, block = 64, args = { b8, b16, bu8, bu16, wo, wo64, n } })

ws.run()

-------------------------------------------------------------------- checks
local a4, a2, ad, al = of4:read(), oi2:read(), od2:read(), ol2:read()
for i = 0, n - 1 do
  local x, y, z, w = F4[4 * i + 1], F4[4 * i + 2], F4[4 * i + 3], F4[4 * i + 4]
  local e = { w, z * 2, ws.f32(y + 1), ws.f32(x - w) }
  for k = 1, 4 do
    ws.check(a4[4 * i + k] == e[k], string.format("vec_global float4[%d].%s = %s, expected %s", i, ("xyzw"):sub(k, k), a4[4 * i + k], e[k]))
  end
  local bx, by = I2[2 * i + 1], I2[2 * i + 2]
  local ei = { s32(by - bx), s32(bx ~ by) }
  local cx, cy = D2[2 * i + 1], D2[2 * i + 2]
  local edd = { cy * 0.5, cx + cy }
  local lx, ly = L2[2 * i + 1], L2[2 * i + 2]
  local el = { ly, lx - (ly << 3) }
  for k = 1, 2 do
    ws.check(a2[2 * i + k] == ei[k], string.format("vec_global int2[%d].%s = %d, expected %d", i, ("xy"):sub(k, k), a2[2 * i + k], ei[k]))
    ws.check(ad[2 * i + k] == edd[k], string.format("vec_global double2[%d].%s = %s, expected %s", i, ("xy"):sub(k, k), ad[2 * i + k], edd[k]))
    ws.check(al[2 * i + k] == el[k], string.format("vec_global longlong2[%d].%s = %d, expected %d", i, ("xy"):sub(k, k), al[2 * i + k], el[k]))
  end
end

local so, s8o, s16o = sto:read(), st8:read(), st16:read()
for i = 0, n - 1 do
  local a, b, c, d = S8[i + 1], U8[i + 1], S16[i + 1], U16[i + 1]
  local e = { a * 1000 + b, c * 3 - d, sx(a + b, 8), sx(c * d, 16) }
  for k = 1, 4 do
    ws.check(so[4 * i + k] == e[k], string.format("small_types out[%d] (a=%d b=%d c=%d d=%d) = %d, expected %d",
      4 * i + k - 1, a, b, c, d, so[4 * i + k], e[k]))
  end
  ws.check(s8o[i + 1] == sx(a * 3 + 1, 8), string.format("small_types o8[%d] = %d, expected %d", i, s8o[i + 1], sx(a * 3 + 1, 8)))
  ws.check(s16o[i + 1] == (c - d) & 0xffff, string.format("small_types o16[%d] = %d, expected %d", i, s16o[i + 1], (c - d) & 0xffff))
end

local u4o, s2o, f4o = ouc4:read(), oss2:read(), off4:read()
for i = 0, nv - 1 do
  local px, py, pz, pw = UC4[4 * i + 1], UC4[4 * i + 2], UC4[4 * i + 3], UC4[4 * i + 4]
  local e = { pw, (pz + 100) & 0xff, py ~ 0x80, px }
  for k = 1, 4 do
    ws.check(u4o[4 * i + k] == e[k], string.format("vec_small_shared uchar4[%d].%s = %d, expected %d", i, ("xyzw"):sub(k, k), u4o[4 * i + k], e[k]))
  end
  local qx, qy = SS2[2 * i + 1], SS2[2 * i + 2]
  local es = { sx(qy - qx, 16), qx // 4 }
  for k = 1, 2 do
    ws.check(s2o[2 * i + k] == es[k], string.format("vec_small_shared short2[%d].%s = %d, expected %d", i, ("xy"):sub(k, k), s2o[2 * i + k], es[k]))
  end
  local t = i % 64
  local src = (i - t) + (t + 5) % 64
  local rx, ry, rz, rw = FF4[4 * src + 1], FF4[4 * src + 2], FF4[4 * src + 3], FF4[4 * src + 4]
  local ef = { ws.f32(rx + ry), rz, -rw, t + 0.0 }
  for k = 1, 4 do
    ws.check(f4o[4 * i + k] == ef[k], string.format("vec_small_shared float4[%d].%s = %s, expected %s", i, ("xyzw"):sub(k, k), f4o[4 * i + k], ef[k]))
  end
end

local w, w64 = wo:read(), wo64:read()
for i = 0, n - 1 do
  local e = { S8[i + 1] * 1000 + S16[i + 1], U8[i + 1] * 100000 + U16[i + 1] }
  local e64 = { S8[n + i + 1] + S16[n + i + 1], U8[n + i + 1] * 3 - U16[n + i + 1] * 5 }
  for k = 1, 2 do
    ws.check(w[2 * i + k] == e[k], string.format("small_widen out[%d] = %d, expected %d", 2 * i + k - 1, w[2 * i + k], e[k]))
    ws.check(w64[2 * i + k] == e64[k], string.format("small_widen out64[%d] = %d, expected %d", 2 * i + k - 1, w64[2 * i + k], e64[k]))
  end
end

print(string.format("acc_vecmem: OK (vectors %d, small types %d, uchar4/short2/shared float4 %d)", n, n, nv))
