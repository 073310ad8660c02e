-- syr2k: PolyBench/GPU SYR2K, C = alpha * A * B^T + alpha * B * A^T + beta * C
-- in float with A, B of N x M, one thread per element of C, the sum
-- accumulated in C in global memory as the benchmark does (a store per
-- step).
--
-- Stresses: per step a warp reads A[i][k] and B[i][k] (broadcasts) and two
-- columns, B[j][k] and A[j][k] for 32 consecutive j, with a power-of-two
-- pitch of M * 4 bytes: two warp loads of 32 lines each, whose other 31
-- floats are the next steps' operands. Twice syrk's L1 working set (64
-- lines per warp), so more sensitive to L1 capacity and set conflicts.
--
-- Sizes (blocks of 32 x 8 threads, the benchmark's):
--   test   N = 64, M = 64:    grid 2 x 8 (16 CTAs)
--   paper  N = 128, M = 512:  grid 4 x 16 (64 CTAs): 1.4 waves of 45 on
--          fermi at 3 CTAs per SM (34 registers per thread). The
--          benchmark's own size is N = M = 1024, shrunk to fit the
--          two-minute budget (the work grows as N^2 M); the row pitch,
--          2 KB, stays a power of two (a warp's 32 rows fall into two L1
--          sets of fermi's linear index).
--
-- Reference: per k, t = (alpha * B[i][k]) * A[j][k] (two mul.f32), then
-- fma(alpha * A[i][k], B[j][k], t), then C += that (add.f32), as compiled;
-- C starts at beta * C rounded. Exact. At paper size 2048 elements, spread
-- over C, are checked.
local suite = require "suite"
local fma32 = require("verify").fma32

local sz = suite.pick{ test = { 64, 64 }, paper = { 128, 512 } }
local n, m = sz[1], sz[2]
local alpha, beta = 32412.0, 2123.0

local A, B = ws.alloc("f32", n * m), ws.alloc("f32", n * m)
local C = ws.alloc("f32", n * n)
suite.fill(A, 1)
suite.fill(B, 2)
suite.fill(C, 3)
local c0 = C:read()

local mod = ws.load_ptx("syr2k.ptx")
ws.launch(mod, "syr2k", { grid = { n // 32, n // 8 }, block = { 32, 8 },
                          args = { n, m, alpha, beta, A, B, C } })
ws.run()

local f32 = ws.f32
suite.check("C", suite.sample(n * n), function(e) return C:get(e) end, function(e)
  local i, j = e // n, e % n
  local acc = f32(c0[e + 1] * beta)
  for k = 0, m - 1 do
    local t = f32(f32(alpha * B:get(i * m + k)) * A:get(j * m + k))
    acc = f32(acc + fma32(f32(alpha * A:get(i * m + k)), B:get(j * m + k), t))
  end
  return acc
end)
print(string.format("syr2k: N = %d, M = %d OK", n, m))
