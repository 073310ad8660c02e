-- bicg: PolyBench/GPU BICG, the two matrix-vector products of a BiCG step
-- in float with A of NX x NY: bicg_s (s = A^T r, one thread per column)
-- then bicg_q (q = A p, one thread per row), the sums accumulated in s and
-- q in global memory as the benchmark does (a store per step).
--
-- Stresses: bicg_s reads A along rows across a warp's lanes (one line per
-- warp load, a coalesced stream); bicg_q reads down columns (32 lines per
-- warp load, a power-of-two pitch of NY * 4 bytes) and lives on whether
-- the L1 keeps 32 rows' lines of every resident warp.
--
-- Sizes (blocks of 256 threads, the benchmark's):
--   test   NX = 512, NY = 256:  grids 1 (bicg_s) and 2 (bicg_q) CTAs
--   paper  NX = NY = 4096 (the benchmark's own size): 16 CTAs each, one on
--          every SM of fermi (two on one); fewer than one wave, as for atax
--          (one thread per row or column).
--
-- Reference: chains of fma.rn.f32 from 0 in loop order, exact. At paper
-- size 1024 elements of s and of q, spread over the vectors, are checked.
local suite = require "suite"

local sz = suite.pick{ test = { 512, 256 }, paper = { 4096, 4096 } }
local nx, ny = sz[1], sz[2]

local A = ws.alloc("f32", nx * ny)
local r = ws.alloc("f32", nx)
local p = ws.alloc("f32", ny)
local s = ws.alloc("f32", ny)
local q = ws.alloc("f32", nx)
suite.fill(A, 1)
suite.fill(r, 2)
suite.fill(p, 3)
s:write(function() return 1e9 end)        -- zeroed by the kernels
q:write(function() return 1e9 end)

local m = ws.load_ptx("bicg.ptx")
ws.launch(m, "bicg_s", { grid = (ny + 255) // 256, block = 256, args = { nx, ny, A, r, s } })
ws.launch(m, "bicg_q", { grid = (nx + 255) // 256, block = 256, args = { nx, ny, A, p, q } })
ws.run()

suite.check("s = A^T r", suite.sample(ny, 1024), function(j) return s:get(j) end,
  function(j) return suite.dot(0.0, nx, r, 0, 1, A, j, ny) end)
suite.check("q = A p", suite.sample(nx, 1024), function(i) return q:get(i) end,
  function(i) return suite.dot(0.0, ny, A, i * ny, 1, p, 0, 1) end)
print(string.format("bicg: %dx%d OK", nx, ny))
