-- gemm_tiled_256: the tiled matrix multiply of examples/scenarios/gemm_tiled.lua
-- at M = N = K = 256 (256 CTAs of 16 x 16 threads, 2.5 M warp-instructions):
-- a workload big enough for `make bench` to time steadily.
--
-- Reference: 32 elements of C, spread over every CTA row and column, are
-- recomputed in Lua with the kernel's chain of fma.rn.f32 in k order and
-- compared exactly (the full product would cost more Lua time than the
-- simulation).
local v = require "verify"

local M, N, K = 256, 256, 256
local mod = ws.load_ptx("../kernels/gemm_tiled.ptx")
local rng = v.lcg(7)
local function rf() return ((rng() >> 7) - (1 << 23)) / (1 << 23) end
local A = ws.alloc("f32", M * K)
local B = ws.alloc("f32", K * N)
local C = ws.alloc("f32", M * N)
A:write(function() return rf() end)
B:write(function() return rf() end)
ws.launch(mod, "gemm_tiled", { grid = { N // 16, M // 16 }, block = { 16, 16 },
                               args = { M, N, K, A, B, C } })
ws.run()

local a, b, c = A:read(), B:read(), C:read()
local want, got = {}, {}
for s = 0, 31 do
  local i, j = (s * 37 + 3) % M, (s * 71 + 11) % N
  local acc = 0.0
  for k = 0, K - 1 do
    acc = v.fma32(a[i * K + k + 1], b[k * N + j + 1], acc)
  end
  want[#want + 1] = acc
  got[#got + 1] = c[i * N + j + 1]
end
v.equal(got, want, "C samples")
print("gemm_tiled_256: 32 sampled elements OK")
