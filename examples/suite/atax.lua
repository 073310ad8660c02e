-- atax: PolyBench/GPU ATAX, y = A^T (A x) in float with A of NX x NY, two
-- launches: atax_ax (tmp = A x, one thread per row) then atax_aty
-- (y = A^T tmp, one thread per column), the sums accumulated in tmp and y
-- in global memory as the benchmark does (a store per step).
--
-- Stresses: the same matrix walked two ways. atax_ax reads down columns
-- across a warp's lanes (32 lines per warp load, a power-of-two pitch of
-- NY * 4 bytes), so it lives on whether the L1 keeps 32 rows' lines of
-- every resident warp (set conflicts with a linear index); atax_aty reads
-- along rows (one line per warp load), a coalesced stream.
--
-- Sizes (blocks of 256 threads, the benchmark's):
--   test   NX = 512, NY = 256:  grids 2 and 1 CTAs
--   paper  NX = NY = 4096 (the benchmark's own size): grids 16 and 16 CTAs,
--          one CTA on every SM of fermi (one on two of them), 8 warps each.
--          Fewer than one wave: with one thread per row, three waves would
--          need 69,120 rows, and NY >= 3,840 for atax_aty to reach every SM,
--          far beyond the two-minute budget.
--
-- Reference: tmp[i] and y[j] are chains of fma.rn.f32 from 0 in loop order;
-- y uses the device's tmp (itself checked). Exact. At paper size 1024 rows
-- of tmp and 1024 columns of y, spread over the vectors, are checked.
local suite = require "suite"

local sz = suite.pick{ test = { 512, 256 }, paper = { 4096, 4096 } }
local nx, ny = sz[1], sz[2]

local A = ws.alloc("f32", nx * ny)
local x = ws.alloc("f32", ny)
local tmp = ws.alloc("f32", nx)
local y = ws.alloc("f32", ny)
suite.fill(A, 1)
suite.fill(x, 2)

local m = ws.load_ptx("atax.ptx")
ws.launch(m, "atax_ax", { grid = (nx + 255) // 256, block = 256, args = { nx, ny, A, x, tmp } })
ws.launch(m, "atax_aty", { grid = (ny + 255) // 256, block = 256, args = { nx, ny, A, tmp, y } })
ws.run()

suite.check("tmp = A x", suite.sample(nx, 1024), function(i) return tmp:get(i) end,
  function(i) return suite.dot(0.0, ny, A, i * ny, 1, x, 0, 1) end)
suite.check("y = A^T tmp", suite.sample(ny, 1024), function(j) return y:get(j) end,
  function(j) return suite.dot(0.0, nx, A, j, ny, tmp, 0, 1) end)
print(string.format("atax: %dx%d OK", nx, ny))
