-- syrk: PolyBench/GPU SYRK, C = alpha * A * A^T + beta * C in float with A
-- of N x M, one thread per element of C, the sum accumulated in C in
-- global memory as the benchmark does (a store per step).
--
-- Stresses: per step a warp reads A[i][k] (a broadcast) and A[j][k] for
-- 32 consecutive j, a column of A with a power-of-two pitch of M * 4 bytes:
-- 32 lines per warp load, whose other 31 floats are the next steps'
-- operands. The kernel lives on L1 hits only if the 32 lines of every
-- resident warp survive (set conflicts with a linear index), and a CTA's
-- 8 warps (8 rows i) read the same 32 lines of A.
--
-- Sizes (blocks of 32 x 8 threads, the benchmark's):
--   test   N = 64, M = 64:     grid 2 x 8 (16 CTAs)
--   paper  N = 128, M = 1024:  grid 4 x 16 (64 CTAs): 4 or 5 CTAs (32-40
--          warps) on every SM of fermi for the whole run, one wave. The
--          benchmark's own size is N = M = 1024; M, and so A's row pitch
--          (4 KB: a warp's 32 rows fall into one L1 set of fermi's linear
--          index), is kept, N shrunk to fit the two-minute budget (the
--          work grows as N^2 M, and A does not fit the L2 either way).
--
-- Reference: C[i][j] = beta * C[i][j] rounded, then per k alpha * A[i][k]
-- rounded and an fma.rn.f32 with A[j][k], in k order, as compiled. Exact.
-- At paper size 2048 elements, spread over C, are checked.
local suite = require "suite"

local sz = suite.pick{ test = { 64, 64 }, paper = { 128, 1024 } }
local n, m = sz[1], sz[2]
local alpha, beta = 32412.0, 2123.0

local A = ws.alloc("f32", n * m)
local C = ws.alloc("f32", n * n)
suite.fill(A, 1)
suite.fill(C, 2)
local c0 = C:read()

local mod = ws.load_ptx("syrk.ptx")
ws.launch(mod, "syrk", { grid = { n // 32, n // 8 }, block = { 32, 8 },
                         args = { n, m, alpha, beta, A, C } })
ws.run()

suite.check("C", suite.sample(n * n), function(e) return C:get(e) end, function(e)
  local i, j = e // n, e % n
  return suite.dot(ws.f32(c0[e + 1] * beta), m, A, i * m, 1, A, j * m, 1, alpha)
end)
print(string.format("syrk: N = %d, M = %d OK", n, m))
