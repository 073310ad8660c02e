-- mvt: PolyBench/GPU MVT, x1 += A y1 and x2 += A^T y2 in float with one
-- N x N matrix A, two launches: mvt_x1 (one thread per row) and mvt_x2
-- (one thread per column), the sums accumulated in x1 and x2 in global
-- memory as the benchmark does (a store per step).
--
-- Stresses: mvt_x1 reads A down columns across a warp's lanes (32 lines
-- per warp load, a power-of-two pitch of N * 4 bytes) and lives on whether
-- the L1 keeps 32 rows' lines of every resident warp; mvt_x2 reads along
-- rows (one line per warp load). The second launch may find part of A
-- still in the L2.
--
-- Sizes (blocks of 256 threads, the benchmark's):
--   test   N = 256:  grids of 1 CTA
--   paper  N = 4096 (the benchmark's own size): 16 CTAs each, one on every
--          SM of fermi (two on one); fewer than one wave, as for atax (one
--          thread per row or column).
--
-- Reference: chains of fma.rn.f32 from the initial x1[i] (x2[i]) in loop
-- order, exact. At paper size 1024 elements of each vector, spread over
-- it, are checked.
local suite = require "suite"

local n = suite.pick{ test = 256, paper = 4096 }

local A = ws.alloc("f32", n * n)
local y1, y2 = ws.alloc("f32", n), ws.alloc("f32", n)
local x1, x2 = ws.alloc("f32", n), ws.alloc("f32", n)
suite.fill(A, 1)
suite.fill(y1, 2)
suite.fill(y2, 3)
suite.fill(x1, 4)
suite.fill(x2, 5)
local x10, x20 = x1:read(), x2:read()

local m = ws.load_ptx("mvt.ptx")
ws.launch(m, "mvt_x1", { grid = (n + 255) // 256, block = 256, args = { n, A, y1, x1 } })
ws.launch(m, "mvt_x2", { grid = (n + 255) // 256, block = 256, args = { n, A, y2, x2 } })
ws.run()

suite.check("x1 += A y1", suite.sample(n, 1024), function(i) return x1:get(i) end,
  function(i) return suite.dot(x10[i + 1], n, A, i * n, 1, y1, 0, 1) end)
suite.check("x2 += A^T y2", suite.sample(n, 1024), function(i) return x2:get(i) end,
  function(i) return suite.dot(x20[i + 1], n, A, i, n, y2, 0, 1) end)
print(string.format("mvt: %dx%d OK", n, n))
