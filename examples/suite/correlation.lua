-- correlation: PolyBench/GPU CORRELATION, the M x M correlation matrix of
-- M variables observed N times (data: N x M float, one observation per
-- row), four launches: corr_mean and corr_std (one thread per column),
-- corr_reduce (centre and scale, one thread per element), corr_matrix (one
-- thread per column j1 < M-1 computing row j1 of the upper triangle and
-- mirroring it); mean, std and symmat accumulate in global memory as the
-- benchmark does (a store per step). The host sets symmat[M-1][M-1] = 1.
--
-- Stresses: as covariance (a triangular, imbalanced corr_matrix with
-- coalesced loads and stores strided across the lanes, 32 lines per warp
-- store), plus divergence in corr_std (columns whose deviation is below
-- eps get 1; every 37th column here is constant) and a square root and
-- division per element in corr_reduce.
--
-- Sizes (corr_mean, corr_std and corr_matrix on blocks of 256 threads,
-- corr_reduce on 32 x 8, the benchmark's):
--   test   M = 128, N = 16:  grids 1, 1, 4 x 2 and 1 CTA
--   paper  M = 4096, N = 2:  grids 16, 16, 128 x 1 and 16 CTAs: every SM of
--          fermi gets a corr_matrix CTA (one gets two), fewer than one wave.
--          Shrunk from the benchmark's M = N = 2048 as covariance is (M up so
--          that every SM has a CTA, N down to fit the two-minute budget).
--
-- Reference: mean as covariance; std[j] = sqrt(fma.rn.f32 chain of
-- (x - mean)^2 / N), 1 when <= eps; data = (x - mean) / (sqrt(N) * std)
-- (sub, sqrt.rn, mul, div.rn as compiled), each from the device's inputs;
-- symmat[j1][j2] = chain of fma.rn.f32 from 0 over i, 1 on the diagonal.
-- Exact. At paper size 2048 elements of symmat, spread over the whole
-- matrix, are checked, and every mean, std and scaled value.
local suite = require "suite"
local verify = require "verify"

local sz = suite.pick{ test = { 128, 16 }, paper = { 4096, 2 } }
local m, n = sz[1], sz[2]
local float_n, eps = n + 0.0, ws.f32(0.005)

local data = ws.alloc("f32", n * m)
local mean, std = ws.alloc("f32", m), ws.alloc("f32", m)
local symmat = ws.alloc("f32", m * m)
local rnd = suite.floats(1)
data:write(function(e)
  local v = rnd()
  if e % m % 37 == 0 then return 0.25 end   -- a constant column: std 0, so 1
  return v
end)
local d0 = data:read()

local mod = ws.load_ptx("correlation.ptx")
local cols = (m + 255) // 256
ws.launch(mod, "corr_mean", { grid = cols, block = 256, args = { m, n, float_n, data, mean } })
ws.launch(mod, "corr_std", { grid = cols, block = 256,
                             args = { m, n, float_n, eps, data, mean, std } })
ws.launch(mod, "corr_reduce", { grid = { m // 32, (n + 7) // 8 }, block = { 32, 8 },
                                args = { m, n, float_n, mean, std, data } })
ws.launch(mod, "corr_matrix", { grid = cols, block = 256, args = { m, n, data, symmat } })
ws.run()
symmat:set((m - 1) * m + m - 1, 1.0)

local f32, fma32 = ws.f32, verify.fma32
local mv, sv = mean:read(), std:read()
local want_mean, want_std = {}, {}
for j = 0, m - 1 do
  local acc, sq = 0.0, 0.0
  for i = 0, n - 1 do acc = f32(d0[i * m + j + 1] + acc) end
  want_mean[j + 1] = f32(acc / float_n)
  for i = 0, n - 1 do
    local d = f32(d0[i * m + j + 1] - mv[j + 1])
    sq = fma32(d, d, sq)
  end
  local s = f32(math.sqrt(f32(sq / float_n)))
  want_std[j + 1] = s <= eps and 1.0 or s
end
verify.equal(mv, want_mean, "mean")
verify.equal(sv, want_std, "std")
local scale = f32(math.sqrt(float_n))
suite.check("reduced data", suite.sample(n * m, n * m), function(e) return data:get(e) end,
  function(e)
    local j = e % m
    return f32(f32(d0[e + 1] - mv[j + 1]) / f32(scale * sv[j + 1]))
  end)
suite.check("symmat", suite.sample(m * m), function(e) return symmat:get(e) end, function(e)
  local r, c = e // m, e % m
  if r == c then return 1.0 end
  return suite.dot(0.0, n, data, r, m, data, c, m)
end)
print(string.format("correlation: M = %d, N = %d OK", m, n))
