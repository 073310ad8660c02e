-- gesummv: PolyBench/GPU GESUMMV, y = alpha * A x + beta * B x in float
-- with A and B of N x M, one thread per row, the two sums accumulated in
-- tmp and y in global memory as the benchmark does (two stores per step).
--
-- Stresses: two matrices read down columns across a warp's lanes (two
-- uncoalesced warp loads per step, 32 lines each, a power-of-two pitch of
-- M * 4 bytes): the L1 must keep 64 rows' lines per warp to get any reuse
-- of a line's 32 floats; plus a broadcast of x[j] and two store streams.
--
-- Sizes (blocks of 256 threads, the benchmark's):
--   test   N = M = 256:  grid 1 CTA
--   paper  N = 4096, M = 2048: 16 CTAs, one on every SM of fermi (two on
--          one); fewer than one wave, as for atax (one thread per row).
--          The benchmark is square, N = M = 4096; N is kept so that every SM
--          gets a CTA, M halved to fit the two-minute budget. The pitch
--          (8 KB instead of 16 KB) is still a multiple of 4 KB, so a column
--          of A or B still falls into one L1 set of fermi's linear index.
--
-- Reference: tmp[i] and the B x sum are chains of fma.rn.f32 from 0 in j
-- order; y[i] = fma(tmp[i], alpha, beta * sum rounded), as compiled. Exact.
-- At paper size 1024 rows, spread over the vector, are checked.
local suite = require "suite"
local fma32 = require("verify").fma32

local sz = suite.pick{ test = { 256, 256 }, paper = { 4096, 2048 } }
local n, m = sz[1], sz[2]
local alpha, beta = 43532.0, 12313.0

local A, B = ws.alloc("f32", n * m), ws.alloc("f32", n * m)
local x = ws.alloc("f32", m)
local y, tmp = ws.alloc("f32", n), ws.alloc("f32", n)
suite.fill(A, 1)
suite.fill(B, 2)
suite.fill(x, 3)

local mod = ws.load_ptx("gesummv.ptx")
ws.launch(mod, "gesummv", { grid = (n + 255) // 256, block = 256,
                            args = { n, m, alpha, beta, A, B, x, y, tmp } })
ws.run()

local idx = suite.sample(n, 1024)
suite.check("tmp = A x", idx, function(i) return tmp:get(i) end,
  function(i) return suite.dot(0.0, m, A, i * m, 1, x, 0, 1) end)
suite.check("y", idx, function(i) return y:get(i) end, function(i)
  local bx = suite.dot(0.0, m, B, i * m, 1, x, 0, 1)
  return fma32(tmp:get(i), alpha, ws.f32(bx * beta))
end)
print(string.format("gesummv: %dx%d OK", n, m))
