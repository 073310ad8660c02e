-- covariance: PolyBench/GPU COVARIANCE, the M x M covariance matrix of M
-- variables observed N times (data: N x M float, one observation per row),
-- three launches: cov_mean (column means, one thread per column),
-- cov_center (subtract them, one thread per element), cov_matrix (one
-- thread per column j1 computing row j1 of the upper triangle and mirroring
-- it), with mean and symmat accumulated in global memory as the benchmark
-- does (a store per step).
--
-- Stresses: load imbalance and strided stores. cov_matrix is triangular
-- (thread j1 does M - j1 dot products, so the first CTA runs about twice
-- as long as the average and the last ones finish early, leaving SMs idle);
-- its loads of data are coalesced, but every accumulation store and the
-- mirrored store are strided across the lanes ((M + 1) * 4 and M * 4 bytes
-- apart): 32 lines per warp store, written through the L1.
--
-- Sizes (cov_mean and cov_matrix on blocks of 256 threads, cov_center on
-- 32 x 8, the benchmark's):
--   test   M = 128, N = 16:  grids 1, 4 x 2 and 1 CTA
--   paper  M = 4096, N = 2:  grids 16, 128 x 1 and 16 CTAs: every SM of
--          fermi gets a cov_matrix CTA (one gets two), fewer than one wave.
--          The benchmark's M = 2048 would give 8 CTAs, leaving 7 SMs idle;
--          M = 4096 keeps the row pitch a power of two. N (the length of
--          each dot product, 2048 in the benchmark) is cut to 2 to fit the
--          two-minute budget: the per-thread loop over j2 and its strided
--          stores are what the kernel is about.
--
-- Reference: mean[j] = (add.f32 chain over i from 0) / N (div.rn.f32);
-- centred data = data - mean[j] (using the device's mean); symmat[j1][j2]
-- = chain of fma.rn.f32 from 0 over i (using the device's centred data).
-- Exact. At paper size 2048 elements of symmat, spread over the whole
-- matrix (both triangles), are checked, and every mean and centred value.
local suite = require "suite"

local sz = suite.pick{ test = { 128, 16 }, paper = { 4096, 2 } }
local m, n = sz[1], sz[2]
local float_n = n + 0.0

local data = ws.alloc("f32", n * m)
local mean = ws.alloc("f32", m)
local symmat = ws.alloc("f32", m * m)
suite.fill(data, 1)
local d0 = data:read()

local mod = ws.load_ptx("covariance.ptx")
ws.launch(mod, "cov_mean", { grid = (m + 255) // 256, block = 256,
                             args = { m, n, float_n, data, mean } })
ws.launch(mod, "cov_center", { grid = { m // 32, (n + 7) // 8 }, block = { 32, 8 },
                               args = { m, n, mean, data } })
ws.launch(mod, "cov_matrix", { grid = (m + 255) // 256, block = 256,
                               args = { m, n, data, symmat } })
ws.run()

local f32 = ws.f32
local mv = mean:read()
local want_mean = {}
for j = 0, m - 1 do
  local acc = 0.0
  for i = 0, n - 1 do acc = f32(d0[i * m + j + 1] + acc) end
  want_mean[j + 1] = f32(acc / float_n)
end
require("verify").equal(mv, want_mean, "mean")
suite.check("centred data", suite.sample(n * m, n * m), function(e) return data:get(e) end,
  function(e) return f32(d0[e + 1] - mv[e % m + 1]) end)
suite.check("symmat", suite.sample(m * m), function(e) return symmat:get(e) end, function(e)
  local r, c = e // m, e % m
  return suite.dot(0.0, n, data, r, m, data, c, m)
end)
print(string.format("covariance: M = %d, N = %d OK", m, n))
