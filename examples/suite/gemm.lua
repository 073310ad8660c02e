-- gemm: PolyBench/GPU GEMM, C = alpha * A * B + beta * C in float, one
-- thread per element of C, accumulating in C in global memory as the
-- benchmark does (a load-modify-store of C per multiply-add).
--
-- Stresses: L1 reuse of a read-mostly matrix (a warp reads one line of row k
-- of B per step; the 8 warps of a CTA share it, and the CTAs of a grid
-- column share the B panel), broadcast loads of A, a store per step on the
-- same C line (store reuse; global stores write through the L1), and a
-- long dependent chain per thread.
--
-- Sizes (blocks of 32 x 8 threads, the benchmark's):
--   test   NI = NJ = NK = 64:  grid 2 x 8 (16 CTAs)
--   paper  NI = NJ = NK = 512 (the benchmark's own size): grid 16 x 64
--          (1024 CTAs, 17 waves of 60 on fermi at 4 CTAs per SM)
--
-- Reference: C[i][j] = beta * C[i][j] (rounded), then per k one mul.f32
-- (alpha * A[i][k]) and one fma.rn.f32 in k order, as nvcc compiles it;
-- replayed with ws.f32 and verify.fma32 and compared exactly. At paper size
-- 2048 elements spread over C are checked (the full product in Lua would
-- take minutes).
local suite = require "suite"

local n = suite.pick{ test = 64, paper = 512 }
local ni, nj, nk = n, n, n
local alpha, beta = 32412.0, 2123.0

local A = ws.alloc("f32", ni * nk)
local B = ws.alloc("f32", nk * nj)
local C = ws.alloc("f32", ni * nj)
suite.fill(A, 1)
suite.fill(B, 2)
suite.fill(C, 3)
local idx = suite.sample(ni * nj)
local c0 = {}
for _, e in ipairs(idx) do c0[e] = C:get(e) end

local m = ws.load_ptx("gemm.ptx")
ws.launch(m, "gemm", { grid = { nj // 32, ni // 8 }, block = { 32, 8 },
                       args = { ni, nj, nk, alpha, beta, A, B, C } })
ws.run()

suite.check("C", idx, function(e) return C:get(e) end, function(e)
  local i, j = e // nj, e % nj
  return suite.dot(ws.f32(c0[e] * beta), nk, A, i * nk, 1, B, j, nj, alpha)
end)
print(string.format("gemm: %dx%dx%d, %d elements of C OK", ni, nj, nk, #idx))
