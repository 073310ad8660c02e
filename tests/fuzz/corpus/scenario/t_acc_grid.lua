-- acc_grid: multi-dimensional launches.
--  * 3D grid {3,2,2} of 3D blocks {4,3,2}, and 3D grid {17,9,3} of 8-thread
--    blocks {2,2,2} (459 CTAs, each a partial warp): every thread records
--    %ctaid.xyz, %tid.xyz, flattened ids, %nctaid/%ntid .x/.y/.z (grid_ids)
--  * 1D grid-stride loop, n = 1000 with 192 threads; y = a*x + y contracted
--    to fma.rn.f32 (grid_stride_saxpy); f32 scalar kernel parameter
--  * 2D grid-stride loop (grid {2,2}, block {8,4}) over a 50 x 37 image
--  * __launch_bounds__: .maxntid 256,1,1 + .minnctapersm 2 (saxpy), .maxntid 128,1,1
--  * 2D 5-point stencil with clamped borders and early exit of threads
--    outside a 45 x 29 grid (stencil2d)
-- Kernel: tests/kernels/acc_grid.cu

local m = ws.load_ptx("../../tests/kernels/acc_grid.ptx")

local seed = 606060
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end
local function bits64(x) return (string.unpack("<i8", string.pack("<d", x))) end
local function from64(b) return (string.unpack("<d", string.pack("<i8", b))) end
local function add_odd(a, b)            -- a + b rounded to odd (exact TwoSum error)
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
-- f32 fma: a*b is exact in double; RN_f32(RO_f64(a*b + c)) is the correctly
-- rounded fma because 53 >= 2*24 + 2.
local function fma32(a, b, c) return ws.f32(add_odd(a * b, c)) end

---------------------------------------------------------------- grid_ids
-- two shapes: a small 3D grid of 24-thread blocks, and 459 blocks of 8
-- threads (many more CTAs than fit on an SM at once, each a partial warp)
local id_cfgs = { { 3, 2, 2, 4, 3, 2 }, { 17, 9, 3, 2, 2, 2 } }
for _, c in ipairs(id_cfgs) do
  local X, Y, Z = c[1] * c[4], c[2] * c[5], c[3] * c[6]
  c.coords = ws.alloc("u32", 2 * X * Y * Z)
  c.dims = ws.alloc("u32", 6)
  ws.launch(m, "grid_ids", { grid = { c[1], c[2], c[3] }, block = { c[4], c[5], c[6] }, args = { c.coords, c.dims } })
end

---------------------------------------------------------------- saxpy
local n = 1000
local a = ws.f32(1.7)
local xs, ys = {}, {}
for i = 1, n do
  xs[i] = ws.f32((rnd() % 2000001 - 1000000) / 4096.0)
  ys[i] = ws.f32((rnd() % 2000001 - 1000000) / 1000.0)
end
local bxs = ws.alloc("f32", n); bxs:write(xs)
local bys = ws.alloc("f32", n); bys:write(ys)
ws.launch(m, "grid_stride_saxpy", { grid = 3, block = 64, args = { n, a, bxs, bys } })

---------------------------------------------------------------- 2D grid-stride
local W2, H2 = 50, 37
local img = {}
for i = 1, W2 * H2 do img[i] = (rnd() % 20001) - 10000 end
local bimg = ws.alloc("s32", W2 * H2); bimg:write(img)
local bout2 = ws.alloc("s32", W2 * H2); bout2:write(function() return -1 end)
ws.launch(m, "grid_stride_2d", { grid = { 2, 2 }, block = { 8, 4 }, args = { bimg, bout2, W2, H2 } })

---------------------------------------------------------------- stencil
local W3, H3 = 45, 29
local st = {}
for i = 1, W3 * H3 do st[i] = (rnd() % 2001) - 1000 end
local bst = ws.alloc("s32", W3 * H3); bst:write(st)
local bsto = ws.alloc("s32", W3 * H3)
ws.launch(m, "stencil2d", { grid = { (W3 + 15) // 16, (H3 + 7) // 8 }, block = { 16, 8 }, args = { bst, bsto, W3, H3 } })

ws.run()

-------------------------------------------------------------------- checks
local nids = 0
for _, cfg in ipairs(id_cfgs) do
  local GX, GY, GZ, BX, BY, BZ = cfg[1], cfg[2], cfg[3], cfg[4], cfg[5], cfg[6]
  local X, Y, Z = GX * BX, GY * BY, GZ * BZ
  local c, d = cfg.coords:read(), cfg.dims:read()
  local ed = { GX, GY, GZ, BX, BY, BZ }
  for k = 1, 6 do ws.check(d[k] == ed[k], string.format("grid_ids dims[%d] = %d, expected %d", k - 1, d[k], ed[k])) end
  for gz = 0, Z - 1 do
    for gy = 0, Y - 1 do
      for gx = 0, X - 1 do
        local bx_, by_, bz_ = gx // BX, gy // BY, gz // BZ
        local tx, ty, tz = gx % BX, gy % BY, gz % BZ
        local tflat = (tz * BY + ty) * BX + tx
        local bflat = (bz_ * GY + by_) * GX + bx_
        local lin = (gz * Y + gy) * X + gx
        local e1 = (bx_ << 24) | (by_ << 16) | (bz_ << 8) | tflat
        local e2 = ((tx << 16) | (ty << 8) | tz | (bflat << 24)) & 0xffffffff
        ws.check(c[2 * lin + 1] == e1, string.format("grid_ids %dx%dx%d thread (%d,%d,%d) word0 = 0x%08x, expected 0x%08x", GX, GY, GZ, gx, gy, gz, c[2 * lin + 1], e1))
        ws.check(c[2 * lin + 2] == e2, string.format("grid_ids %dx%dx%d thread (%d,%d,%d) word1 = 0x%08x, expected 0x%08x", GX, GY, GZ, gx, gy, gz, c[2 * lin + 2], e2))
      end
    end
  end
  nids = nids + X * Y * Z
end

local yo = bys:read()
for i = 1, n do
  local e = fma32(a, xs[i], ys[i])
  ws.check(yo[i] == e, string.format("grid_stride_saxpy y[%d] = %.9g, expected %.9g", i - 1, yo[i], e))
end

local o2 = bout2:read()
for r = 0, H2 - 1 do
  for col = 0, W2 - 1 do
    local e = img[r * W2 + col + 1] * 2 + (r ~ col)
    ws.check(o2[r * W2 + col + 1] == e, string.format("grid_stride_2d out[%d][%d] = %d, expected %d", r, col, o2[r * W2 + col + 1], e))
  end
end

local o3 = bsto:read()
local function at(r, col) return st[r * W3 + col + 1] end
for r = 0, H3 - 1 do
  for col = 0, W3 - 1 do
    local up, dn = math.max(r - 1, 0), math.min(r + 1, H3 - 1)
    local lf, rt = math.max(col - 1, 0), math.min(col + 1, W3 - 1)
    local e = 4 * at(r, col) - at(up, col) - at(dn, col) - at(r, lf) - at(r, rt)
    ws.check(o3[r * W3 + col + 1] == e, string.format("stencil2d out[%d][%d] = %d, expected %d", r, col, o3[r * W3 + col + 1], e))
  end
end

print(string.format("acc_grid: OK (3D ids %d threads, saxpy n=%d, 2D stride %dx%d, stencil %dx%d)", nids, n, W2, H2, W3, H3))
