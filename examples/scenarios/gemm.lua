-- gemm (naive): C = A * B with M = N = K = 64 floats, 16 x 16 blocks
-- (a 4 x 4 grid, 4096 threads, each doing a 64-step dot product).
--
-- What to look at: L1 behaviour under heavy reuse without shared memory.
-- Per k step a warp reads two broadcast elements of A and 64 bytes of row k
-- of B. Each block walks a 16-row panel of A (4 KB) and a 16-column panel of
-- B (64 rows x 64 bytes, half of each 128-byte line), and the 4 blocks of a
-- grid row (column) re-read the same A (B) panel, so with a small L1
-- (teach: 4 KB) lines are evicted and refetched over and over. Run
-- gemm_tiled.lua on the same sizes and compare L1/L2 accesses and cycles.
--
-- Reference: the loop compiles to a chain of fma.rn.f32 in k order starting
-- from 0, which the Lua reference repeats with verify.fma32, so the result
-- is compared exactly (gemm_tiled must give the very same bits).
--
-- With workload.size = paper (sizes that fill the 15 SMs of fermi;
-- the FUSE experiment, examples/eval/fuse.lua, runs the suite's version):
-- M = N = K = 256 (a 16 x 16 grid).
local v = require "verify"

local paper = ws.config()["workload.size"] == "paper"
local M, N, K = 64, 64, 64
if paper then M, N, K = 256, 256, 256 end
local rng = v.lcg(2)
local function rf() return ((rng() >> 7) - (1 << 23)) / (1 << 23) end

local A = ws.alloc("f32", M * K)
local B = ws.alloc("f32", K * N)
local C = ws.alloc("f32", M * N)
A:write(function() return rf() end)
B:write(function() return rf() end)
C:write(function() return 12345.0 end)   -- garbage that must be overwritten
local a, b = A:read(), B:read()

local mod = ws.load_ptx("../kernels/gemm.ptx")
ws.launch(mod, "gemm", { grid = { (N + 15) // 16, (M + 15) // 16 }, block = { 16, 16 },
                         args = { M, N, K, A, B, C } })
ws.run()

local fma32 = v.fma32
local want = {}
for i = 0, M - 1 do
  for j = 0, N - 1 do
    local acc = 0.0
    for k = 0, K - 1 do
      acc = fma32(a[i * K + k + 1], b[k * N + j + 1], acc)
    end
    want[i * N + j + 1] = acc
  end
end
v.equal(C:read(), want, "C")
print(string.format("gemm: %dx%dx%d OK", M, N, K))
