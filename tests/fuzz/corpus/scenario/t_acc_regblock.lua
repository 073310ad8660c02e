-- acc_regblock: register-blocked SGEMM (64 x 64 block tile, 8 x 8 outputs
-- per thread in 64 accumulators, shared tiles with BK = 8, fully unrolled:
-- ptxas -v reports 121 registers per thread), ragged M/N/K so that every
-- bounds check matters, C = alpha * A*B + beta * C with alpha = 2,
-- beta = -1. Integer-valued inputs keep every product and partial sum exact,
-- so the result does not depend on how the compiler fused the arithmetic.
-- Kernel: tests/kernels/acc_regblock.cu

local m = ws.load_ptx("../../tests/kernels/acc_regblock.ptx")

local seed = 246810
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end

local M, N, K = 100, 90, 37
local A, B, C = {}, {}, {}
for i = 1, M * K do A[i] = (rnd() % 9) - 4 end
for i = 1, K * N do B[i] = (rnd() % 9) - 4 end
for i = 1, M * N do C[i] = (rnd() % 101) - 50 end
local bA = ws.alloc("f32", M * K); bA:write(A)
local bB = ws.alloc("f32", K * N); bB:write(B)
local bC = ws.alloc("f32", M * N); bC:write(C)
ws.launch(m, "sgemm_regblock", { grid = { (N + 63) // 64, (M + 63) // 64 }, block = 64,
  args = { M, N, K, bA, bB, bC, 2.0, -1.0 } })
ws.run()

local o = bC:read()
for r = 0, M - 1 do
  for c = 0, N - 1 do
    local s = 0
    for k = 0, K - 1 do s = s + A[r * K + k + 1] * B[k * N + c + 1] end
    local e = 2 * s - C[r * N + c + 1]
    ws.check(o[r * N + c + 1] == e, string.format("sgemm_regblock C[%d][%d] = %s, expected %d", r, c, o[r * N + c + 1], e))
  end
end

print(string.format("acc_regblock: OK (%d x %d x %d, %d outputs)", M, N, K, M * N))
