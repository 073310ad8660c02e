ws.config{ sim = { mode = "functional" } }
-- gemm_tiled: C = A * B through 16 x 16 shared-memory tiles, with the same
-- M = N = K = 64 and inputs as gemm.lua, plus a second launch on ragged sizes
-- (M = 40, N = 24, K = 37) where the edge tiles are padded with zeros.
--
-- What to look at: each block loads every A and B element it needs once
-- per tile (256 loads, coalesced rows) instead of 16 times, then runs 16
-- multiply-adds per thread out of shared memory between two barriers.
-- Compare L1 accesses, DRAM reads and cycles with gemm.lua; watch the warps
-- wait at bar.sync; the inner-loop shared reads are conflict-free (a
-- broadcast of As[ty][k] and 16 consecutive words of Bs[k]).
--
-- Reference: the same chain of fma.rn.f32 in k order as the naive kernel
-- (the zero padding adds fma(0, 0, acc) = acc), compared exactly.
local v = require "verify"

local mod = ws.load_ptx("../kernels/gemm_tiled.ptx")
local fma32 = v.fma32

-- One test case: fills A and B from its own generator, runs, checks C.
local function case(M, N, K, seed)
  local rng = v.lcg(seed)
  local function rf() return ((rng() >> 7) - (1 << 23)) / (1 << 23) end
  local A = ws.alloc("f32", M * K)
  local B = ws.alloc("f32", K * N)
  local C = ws.alloc("f32", M * N)
  A:write(function() return rf() end)
  B:write(function() return rf() end)
  C:write(function() return -1.0 end)
  ws.launch(mod, "gemm_tiled", { grid = { (N + 15) // 16, (M + 15) // 16 }, block = { 16, 16 },
                                 args = { M, N, K, A, B, C } })
  ws.run()
  local a, b = A:read(), B:read()
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
  v.equal(C:read(), want, string.format("C (%dx%dx%d)", M, N, K))
end

case(64, 64, 64, 2)   -- seed 2: the same matrices as gemm.lua
case(40, 24, 37, 3)
print("gemm_tiled: 64x64x64 and 40x24x37 OK")
