-- conv3d: PolyBench/GPU 3DCONV, PolyBench's 15-tap stencil over the
-- interior of an NI x NJ x NK float volume, one launch per interior plane
-- i (NI - 2 launches), one thread per point of the plane.
--
-- Stresses: reuse across planes and launches: a thread reads three planes
-- (NJ * NK * 4 bytes apart) and three rows in each; a warp's row segments
-- are shared with its neighbours and the CTA's other warps, and the next
-- launch re-reads two of the three planes, which only the L2 (or a large
-- L1) can still hold. Many short launches: each drains the machine.
--
-- Sizes (blocks of 32 x 8 threads, grid (NK / 32, NJ / 8) per launch, the
-- benchmark's):
--   test   NI = NJ = NK = 32:   30 launches of 1 x 4 CTAs
--   paper  NI = NJ = NK = 256 (the benchmark's own size): 254 launches of
--          8 x 32 (256 CTAs, 4.3 waves of 60 on fermi at 4 CTAs per SM,
--          each)
--
-- Reference: the 15 products in the benchmark's order as nvcc compiles
-- them (suite.taps; the compiler loads each repeated point once), exact;
-- the boundary of the output must keep its initial value. At paper size
-- 2048 points spread over the volume are checked.
local suite = require "suite"

local n = suite.pick{ test = 32, paper = 256 }
local ni, nj, nk = n, n, n
local c11, c21, c31, c12, c22, c32, c13, c23, c33 = 2, 5, -8, -3, 6, -9, 4, 7, 10
local coef = { c11, c13, c21, c23, c31, c33, c12, c22, c32, c11, c13, c21, c23, c31, c33 }

local A = ws.alloc("f32", ni * nj * nk)
local B = ws.alloc("f32", ni * nj * nk)
suite.fill(A, 1)
B:write(function() return 7.0 end)        -- the boundary keeps it

local m = ws.load_ptx("conv3d.ptx")
for i = 1, ni - 2 do
  ws.launch(m, "conv3d", { grid = { nk // 32, nj // 8 }, block = { 32, 8 },
                           args = { ni, nj, nk, A, B, i } })
end
ws.run()

local plane = nj * nk
suite.check("B", suite.sample(ni * plane), function(e) return B:get(e) end, function(e)
  local i, j, k = e // plane, e // nk % nj, e % nk
  if i == 0 or i == ni - 1 or j == 0 or j == nj - 1 or k == 0 or k == nk - 1 then
    return 7.0
  end
  local function at(di, dj, dk) return A:get((i + di) * plane + (j + dj) * nk + k + dk) end
  local xs = { at(-1, -1, -1), at(1, -1, -1), at(-1, -1, -1), at(1, -1, -1),
               at(-1, -1, -1), at(1, -1, -1), at(0, -1, 0), at(0, 0, 0), at(0, 1, 0),
               at(-1, -1, 1), at(1, -1, 1), at(-1, 0, 1), at(1, 0, 1), at(-1, 1, 1),
               at(1, 1, 1) }
  return suite.taps(xs, coef)
end)
print(string.format("conv3d: %dx%dx%d, %d launches OK", ni, nj, nk, ni - 2))
