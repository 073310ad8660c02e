-- 2mm: PolyBench/GPU 2MM, tmp = alpha * A * B then D = beta * D + tmp * C
-- in float, two launches, one thread per output element, each sum
-- accumulated in global memory as the benchmark does (a store per step).
--
-- Stresses: L1 reuse of read-mostly matrices (B, then C: one line per warp
-- step, shared by the CTA's 8 warps and by every CTA of a grid column),
-- broadcast loads of A and tmp, store reuse on the accumulated element, and
-- a producer-consumer pair: the second launch reads the tmp the first wrote.
--
-- Sizes (blocks of 32 x 8 threads, the benchmark's):
--   test   NI = NJ = NK = NL = 64:  grids 2 x 8 (16 CTAs) twice
--   paper  NI = NJ = NK = NL = 512: grids 16 x 64 (1024 CTAs, 17 waves
--          of 60 on fermi at 4 CTAs per SM) twice; the
--          benchmark's own size is 2048, 64 times the work, shrunk to fit
--          the two-minute budget (the row pitch stays a power of two)
--
-- Reference: tmp[i][j] = chain of fma.rn.f32 (alpha * A[i][k] rounded, times
-- B[k][j]) from 0 in k order; D[i][j] = beta * D[i][j] rounded, then the
-- fma chain over k of tmp[i][k] * C[k][j], using the device's tmp (itself
-- checked). Exact. At paper size 2048 elements of each, spread over the
-- matrices, are checked.
local suite = require "suite"

local n = suite.pick{ test = 64, paper = 512 }
local ni, nj, nk, nl = n, n, n, n
local alpha, beta = 32412.0, 2123.0

local A = ws.alloc("f32", ni * nk)
local B = ws.alloc("f32", nk * nj)
local C = ws.alloc("f32", nj * nl)
local D = ws.alloc("f32", ni * nl)
local tmp = ws.alloc("f32", ni * nj)
suite.fill(A, 1)
suite.fill(B, 2)
suite.fill(C, 3)
suite.fill(D, 4)
tmp:write(function() return 1e9 end)      -- must be overwritten
local idx = suite.sample(ni * nl)
local d0 = {}
for _, e in ipairs(idx) do d0[e] = D:get(e) end

local m = ws.load_ptx("2mm.ptx")
ws.launch(m, "mm2_tmp", { grid = { nj // 32, ni // 8 }, block = { 32, 8 },
                          args = { ni, nj, nk, alpha, A, B, tmp } })
ws.launch(m, "mm2_d", { grid = { nl // 32, ni // 8 }, block = { 32, 8 },
                        args = { ni, nj, nl, beta, tmp, C, D } })
ws.run()

suite.check("tmp", suite.sample(ni * nj), function(e) return tmp:get(e) end, function(e)
  return suite.dot(0.0, nk, A, (e // nj) * nk, 1, B, e % nj, nj, alpha)
end)
suite.check("D", idx, function(e) return D:get(e) end, function(e)
  local i, j = e // nl, e % nl
  return suite.dot(ws.f32(d0[e] * beta), nj, tmp, i * nj, 1, C, j, nl)
end)
print(string.format("2mm: %dx%dx%dx%d OK", ni, nj, nk, nl))
