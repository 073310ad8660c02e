-- atax: y = A^T (A x) for a 128 x 160 float matrix A (M x N), in two
-- launches of 128-thread blocks: atax_ax (t = A x, one thread per row) then
-- atax_aty (y = A^T t, one thread per column).
--
-- What to look at: the same matrix walked two ways. In atax_ax the lanes of
-- a warp read down a column (stride 640 bytes): 32 lines per warp load, and
-- the next j only hits if those 32 lines survived in L1. In atax_aty the
-- lanes read along a row: one line per warp load. Step through the first
-- loop iteration of each kernel and compare the L1 misses per warp load.
--
-- Reference: each dot product compiles to a chain of fma.rn.f32 from 0 in
-- loop order; the reference repeats it with verify.fma32 (using the
-- reference t, which must equal the device t bit for bit), exact comparison.
--
-- With workload.size = paper (sizes that fill the 15 SMs of fermi;
-- the FUSE experiment, examples/eval/fuse.lua, runs the suite's version):
-- 4096 x 1024 in 256-thread blocks, 16 CTAs of atax_ax: one or two per SM
-- of fermi-fuse, the per-SM pressure of PolyBench's 4096 x 4096 with a
-- quarter of its columns (a shorter run).
local v = require "verify"

local paper = ws.config()["workload.size"] == "paper"
local M, N, block = 128, 160, 128
if paper then M, N, block = 4096, 1024, 256 end
local rng = v.lcg(6)
local function rf() return ((rng() >> 7) - (1 << 23)) / (1 << 23) end

local A = ws.alloc("f32", M * N)
local x = ws.alloc("f32", N)
local t = ws.alloc("f32", M)
local y = ws.alloc("f32", N)
A:write(function() return rf() end)
x:write(function() return rf() end)

local m = ws.load_ptx("../kernels/atax.ptx")
ws.launch(m, "atax_ax", { grid = (M + block - 1) // block, block = block, args = { M, N, A, x, t } })
ws.launch(m, "atax_aty", { grid = (N + block - 1) // block, block = block, args = { M, N, A, t, y } })
ws.run()

local fma32 = v.fma32
local a, xv = A:read(), x:read()
local wt, wy = {}, {}
for i = 0, M - 1 do
  local acc = 0.0
  for j = 0, N - 1 do acc = fma32(a[i * N + j + 1], xv[j + 1], acc) end
  wt[i + 1] = acc
end
for j = 0, N - 1 do
  local acc = 0.0
  for i = 0, M - 1 do acc = fma32(a[i * N + j + 1], wt[i + 1], acc) end
  wy[j + 1] = acc
end
v.equal(t:read(), wt, "t = A x")
v.equal(y:read(), wy, "y = A^T t")
print(string.format("atax: %dx%d OK", M, N))
