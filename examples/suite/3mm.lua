-- 3mm: PolyBench/GPU 3MM, E = A * B, F = C * D, G = E * F in float, three
-- launches of one kernel, one thread per output element, each sum
-- accumulated in global memory as the benchmark does (a store per step).
--
-- Stresses: L1 reuse of the right-hand matrix (one line per warp step,
-- shared by the CTA's 8 warps and by every CTA of a grid column), broadcast
-- loads of the left-hand one, store reuse on the accumulated element, and
-- a third launch that consumes the first two's results.
--
-- Sizes (blocks of 32 x 8 threads, the benchmark's), all dimensions equal:
--   test   64:  grids 2 x 8 (16 CTAs), three launches
--   paper  384: grids 12 x 48 (576 CTAs, 9.6 waves of 60 on fermi at 4
--          CTAs per SM), three launches; the benchmark's own size, 512,
--          takes 77 s of CPU time, over the budget this suite keeps to
--          (about a minute, so that runs stay within two minutes on a
--          loaded machine)
--
-- Reference: each element is a chain of fma.rn.f32 from 0 in k order; G
-- uses the device's E and F (themselves checked). Exact. At paper size
-- 2048 elements of each matrix, spread over it, are checked.
local suite = require "suite"

local n = suite.pick{ test = 64, paper = 384 }

local function matrix(seed)
  local x = ws.alloc("f32", n * n)
  if seed then suite.fill(x, seed) else x:write(function() return 1e9 end) end
  return x
end
local A, B, C, D = matrix(1), matrix(2), matrix(3), matrix(4)
local E, F, G = matrix(), matrix(), matrix()

local m = ws.load_ptx("3mm.ptx")
local shape = { grid = { n // 32, n // 8 }, block = { 32, 8 } }
for _, p in ipairs{ { A, B, E }, { C, D, F }, { E, F, G } } do
  ws.launch(m, "mm3_product", { grid = shape.grid, block = shape.block,
                                args = { n, n, n, p[1], p[2], p[3] } })
end
ws.run()

for s, p in ipairs{ { "E", A, B, E }, { "F", C, D, F }, { "G", E, F, G } } do
  local x, y, out = p[2], p[3], p[4]
  suite.check(p[1], suite.sample(n * n), function(e) return out:get(e) end, function(e)
    return suite.dot(0.0, n, x, (e // n) * n, 1, y, e % n, n)
  end)
end
print(string.format("3mm: %d^3 x 3 OK", n))
