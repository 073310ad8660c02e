-- srad: Rodinia's "srad" (speckle-reducing anisotropic diffusion of an
-- image; the benchmark's second CUDA version). Per iteration the host
-- computes the speckle scale q0sqr from a region of interest of the image
-- (mean and variance, on the CPU as in the benchmark), then launches
-- srad_coeff (differences and diffusion coefficient) and srad_update (the
-- divergence step), both over 16 x 16 blocks, one thread per pixel
-- (srad.cu). The image starts as exp(u), u uniform in [0, 1), as the
-- benchmark's random input; lambda = 0.5.
--
-- Sizes (workload.size):
--   test   64 x 64 pixels, region 32 x 32, 2 iterations: 4 launches of
--          4 x 4 = 16 CTAs x 256
--   paper  1,024 x 1,024 pixels, region 128 x 128, 2 iterations: 4
--          launches of 64 x 64 = 4,096 CTAs x 256. The benchmark's command
--          line "2048 2048 0 127 0 127 0.5 2" has four times the pixels
--          (62 M warp-instructions, about 47 s of CPU here); halved in each
--          direction to keep the run short.
--
-- What it stresses: streaming through L1/L2 (six float arrays of the
-- image's size written or read per iteration), shared-memory tiles with
-- redundant halo loads (16 threads of a column load the same word of the
-- row above: intra-warp broadcast and L1 hits; the left/right columns are
-- one useful word per line), barriers (four per kernel), divergence at
-- block edges, and three long-latency divisions per pixel.
--
-- Reference: the kernels' float32 operation sequences replayed in Lua
-- (the fma and division order of srad.ptx, divisions and the reciprocal
-- correctly rounded), compared exactly for both kernels of every
-- iteration: every pixel at test size; at paper size 2,048 pixels per
-- iteration spread over the image (verify.spread2d: the corners and 128
-- pixels of each edge included), from the image read back before the
-- iteration.
local v = require "verify"

local size = ws.config()["workload.size"]
local rows, cols, roi, iters
if size == "paper" then
  rows, cols, roi, iters = 1024, 1024, 128, 2
else
  rows, cols, roi, iters = 64, 64, 32, 2
end
local BS = 16
local F, fma = ws.f32, v.fma32
local lambda = F(0.5)
local rng = v.lcg(71)

local n = rows * cols
local J = ws.alloc("f32", n)
local C = ws.alloc("f32", n)
local dN, dS = ws.alloc("f32", n), ws.alloc("f32", n)
local dW, dE = ws.alloc("f32", n), ws.alloc("f32", n)
J:write(function() return math.exp((rng() >> 7) / (1 << 24)) end)

-- The pixels checked per iteration.
local samples = v.spread2d(rows, cols, size == "paper" and 2048 or n)

local m = ws.load_ptx("srad.ptx")
local grid = { cols // BS, rows // BS }
for it = 1, iters do
  -- q0sqr from the region of interest (host, float accumulation as in C).
  local sum, sum2 = 0.0, 0.0
  for i = 0, roi - 1 do
    for j = 0, roi - 1 do
      local t = J:get(i * cols + j)
      sum = F(sum + t)
      sum2 = F(sum2 + F(t * t))
    end
  end
  local sz = roi * roi
  local mean = F(sum / sz)
  local var = F(F(sum2 / sz) - F(mean * mean))
  local q0 = F(var / F(mean * mean))

  -- The image around every sample, before the iteration.
  local jb = {}
  local function jat(i, j)
    i = math.max(0, math.min(rows - 1, i))
    j = math.max(0, math.min(cols - 1, j))
    local k = i * cols + j
    local x = jb[k]
    if not x then x = J:get(k); jb[k] = x end
    return x
  end
  for _, p in ipairs(samples) do
    for _, d in ipairs({ { 0, 0 }, { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, 1 },
                         { 2, 0 }, { 0, 2 }, { 1, -1 }, { -1, 1 } }) do
      jat(p[1] + d[1], p[2] + d[2])
    end
  end

  ws.launch(m, "srad_coeff", { grid = grid, block = { BS, BS },
                               args = { dE, dW, dN, dS, J, C, cols, rows, q0 } })
  ws.launch(m, "srad_update", { grid = grid, block = { BS, BS },
                                args = { dE, dW, dN, dS, J, C, cols, rows, lambda } })
  ws.run()

  -- srad_coeff at (i, j): c, dN, dS, dW, dE.
  local function coeff(i, j)
    local jc = jat(i, j)
    local nn = F(jat(i - 1, j) - jc)
    local ss = F(jat(i + 1, j) - jc)
    local ww = F(jat(i, j - 1) - jc)
    local ee = F(jat(i, j + 1) - jc)
    local g2 = F(fma(ee, ee, fma(ww, ww, fma(nn, nn, F(ss * ss)))) / F(jc * jc))
    local l = F(F(F(F(nn + ss) + ww) + ee) / jc)
    local num = fma(g2, 0.5, F(F(l * l) * -0.0625))
    local den = fma(l, 0.25, 1.0)
    local q = F(num / F(den * den))
    local d2 = F(F(q - q0) / F(F(q0 + 1.0) * q0))
    local c = F(1.0 / F(d2 + 1.0))
    if c > 1.0 then c = 1.0 end
    if c < 0.0 then c = 0.0 end
    return c, nn, ss, ww, ee
  end
  local got, want = {}, {}
  local function cmp(g, w) got[#got + 1], want[#want + 1] = g, w end
  for _, p in ipairs(samples) do
    local i, j = p[1], p[2]
    local k = i * cols + j
    local c, nn, ss, ww, ee = coeff(i, j)
    cmp(C:get(k), c); cmp(dN:get(k), nn); cmp(dS:get(k), ss); cmp(dW:get(k), ww); cmp(dE:get(k), ee)
  end
  v.equal(got, want, string.format("iteration %d: coefficient and differences at %d pixels",
                                   it, #samples))
  -- srad_update at (i, j), from the device's coefficients and differences
  -- (checked above where sampled).
  got, want = {}, {}
  local ql = F(lambda * 0.25)
  for _, p in ipairs(samples) do
    local i, j = p[1], p[2]
    local k = i * cols + j
    local cc = C:get(k)
    local cs = C:get(math.min(rows - 1, i + 1) * cols + j)
    local ce = C:get(i * cols + math.min(cols - 1, j + 1))
    local d = fma(ce, dE:get(k), fma(cc, dW:get(k), fma(cc, dN:get(k), F(cs * dS:get(k)))))
    cmp(J:get(k), fma(ql, d, jat(i, j)))
  end
  v.equal(got, want, string.format("iteration %d: image at %d pixels", it, #samples))
end
print(string.format("srad: %d x %d, %d iterations of 2 launches of %d x %d CTAs OK",
                    rows, cols, iters, grid[1], grid[2]))
