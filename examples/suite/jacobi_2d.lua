-- jacobi_2d: PolyBench/GPU JACOBI-2D, time steps of a five-point Jacobi
-- relaxation on an N x N float grid: two launches per step, jacobi_avg
-- (b = average of a's five-point neighbourhood) and jacobi_copy (a = b),
-- on the interior, one thread per element.
--
-- Stresses: L1 reuse without shared memory: five loads per thread, three
-- in the warp's own row (lines shared with the neighbouring warps) and two
-- in the rows above and below (the CTA's other warps' rows); a streaming
-- copy; an odd row pitch (N = 1000 floats, as in the benchmark), so rows
-- start at varying offsets within their lines and the last CTA column is
-- partly idle.
--
-- Sizes (blocks of 32 x 8 threads, grid (ceil(N / 32), ceil(N / 8)), the
-- benchmark's):
--   test   N = 100, 4 steps:    8 launches of 4 x 13 (52 CTAs)
--   paper  N = 1000, 20 steps (the benchmark's own size): 40 launches of
--          32 x 125 (4,000 CTAs, 44 waves of 90 on fermi)
--
-- Reference, launch by launch: before each launch the scenario computes
-- what it must write at the checked elements from the device's current
-- grids (the four add.f32 in the kernel's order, then the mul.f32 by
-- 0.2f), then compares after it, exactly; boundary elements must not
-- change. At test size every element of every launch is checked, at paper
-- size 2048 per launch, spread over the grid.
local suite = require "suite"

local sz = suite.pick{ test = { 100, 4 }, paper = { 1000, 20 } }
local n, steps = sz[1], sz[2]
local f32 = ws.f32
local fifth = f32(0.2)

local A, B = ws.alloc("f32", n * n), ws.alloc("f32", n * n)
suite.fill(A, 1)
suite.fill(B, 2)

local m = ws.load_ptx("jacobi_2d.ptx")
local grid, block = { (n + 31) // 32, (n + 7) // 8 }, { 32, 8 }
local function interior(e)
  local i, j = e // n, e % n
  return i >= 1 and i < n - 1 and j >= 1 and j < n - 1
end
local update = {
  jacobi_avg = function(e)
    local s = f32(f32(f32(f32(A:get(e) + A:get(e - 1)) + A:get(e + 1)) + A:get(e + n)) + A:get(e - n))
    return f32(s * fifth)
  end,
  jacobi_copy = function(e) return B:get(e) end,
}
local out = { jacobi_avg = B, jacobi_copy = A }
local log = suite.launches()

for t = 0, steps - 1 do
  for _, k in ipairs{ "jacobi_avg", "jacobi_copy" } do
    local o = out[k]
    log.run(k, suite.sample(n * n),
      function(e) return interior(e) and update[k](e) or o:get(e) end,
      function() ws.launch(m, k, { grid = grid, block = block, args = { n, A, B } }) end,
      function(e) return o:get(e) end)
  end
end
log.check()
print(string.format("jacobi_2d: %dx%d, %d steps OK", n, n, steps))
