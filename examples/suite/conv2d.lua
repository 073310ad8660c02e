-- conv2d: PolyBench/GPU 2DCONV, a 3 x 3 convolution with fixed
-- coefficients over the interior of an NI x NJ float image, one thread per
-- pixel, no shared memory.
--
-- Stresses: spatial and temporal reuse through the L1: each thread loads
-- nine pixels from three rows; a warp's 32 + 2 pixels of a row span two
-- lines shared with its neighbours, and the rows above and below are the
-- CTA's other warps' rows, so most loads after the first warps' hit. Border
-- threads skip the computation (divergence in the first and last warps of
-- a row and in the CTAs on rows 0 and NI-1).
--
-- Sizes (blocks of 32 x 8 threads, the benchmark's):
--   test   NI = NJ = 128:   grid 4 x 16 (64 CTAs)
--   paper  NI = NJ = 4096 (the benchmark's own size): grid 128 x 512
--          (65,536 CTAs, 728 waves of 90 on fermi)
--
-- Reference: the nine products summed column by column as nvcc compiles
-- them (a mul.f32, then fma.rn.f32 left to right; suite.taps), exact; the
-- border of the output must keep its initial value. At paper size 2048
-- pixels spread over the image are checked.
local suite = require "suite"

local n = suite.pick{ test = 128, paper = 4096 }
local ni, nj = n, n
local f32 = ws.f32
local coef = { f32(0.2), f32(-0.3), f32(0.4), f32(0.5), f32(0.6), f32(0.7),
               f32(-0.8), f32(-0.9), f32(0.1) }

local A = ws.alloc("f32", ni * nj)
local B = ws.alloc("f32", ni * nj)
suite.fill(A, 1)
B:write(function() return 7.0 end)        -- the border keeps it

local m = ws.load_ptx("conv2d.ptx")
ws.launch(m, "conv2d", { grid = { nj // 32, ni // 8 }, block = { 32, 8 }, args = { ni, nj, A, B } })
ws.run()

suite.check("B", suite.sample(ni * nj), function(e) return B:get(e) end, function(e)
  local i, j = e // nj, e % nj
  if i == 0 or i == ni - 1 or j == 0 or j == nj - 1 then return 7.0 end
  local xs = {}
  for dj = -1, 1 do
    for di = -1, 1 do xs[#xs + 1] = A:get((i + di) * nj + j + dj) end
  end
  return suite.taps(xs, coef)
end)
print(string.format("conv2d: %dx%d OK", ni, nj))
