-- bicg: s = A^T r and q = A p for a 160 x 128 float matrix A (M x N), two
-- launches of 64-thread blocks (bicg_s: one thread per column, bicg_q: one
-- thread per row).
--
-- What to look at: bicg_s reads A along rows across the lanes (coalesced),
-- bicg_q reads down columns (32 lines per warp load, stride 512 bytes).
-- Both launches are queued before ws.run(), so bicg_q starts with part of A
-- still in L1/L2 from bicg_s; compare its misses with atax_ax.
--
-- Reference: chains of fma.rn.f32 from 0 in loop order (verify.fma32),
-- exact comparison.
--
-- With workload.size = paper (sizes that fill the 15 SMs of fermi;
-- the FUSE experiment, examples/eval/fuse.lua, runs the suite's version):
-- 4096 x 1024 in 256-thread blocks.
local v = require "verify"

local paper = ws.config()["workload.size"] == "paper"
local M, N, block = 160, 128, 64
if paper then M, N, block = 4096, 1024, 256 end
local rng = v.lcg(7)
local function rf() return ((rng() >> 7) - (1 << 23)) / (1 << 23) end

local A = ws.alloc("f32", M * N)
local r = ws.alloc("f32", M)
local p = ws.alloc("f32", N)
local s = ws.alloc("f32", N)
local q = ws.alloc("f32", M)
A:write(function() return rf() end)
r:write(function() return rf() end)
p:write(function() return rf() end)

local m = ws.load_ptx("../kernels/bicg.ptx")
ws.launch(m, "bicg_s", { grid = (N + block - 1) // block, block = block, args = { M, N, A, r, s } })
ws.launch(m, "bicg_q", { grid = (M + block - 1) // block, block = block, args = { M, N, A, p, q } })
ws.run()

local fma32 = v.fma32
local a, rv, pv = A:read(), r:read(), p:read()
local ws_, wq = {}, {}
for j = 0, N - 1 do
  local acc = 0.0
  for i = 0, M - 1 do acc = fma32(rv[i + 1], a[i * N + j + 1], acc) end
  ws_[j + 1] = acc
end
for i = 0, M - 1 do
  local acc = 0.0
  for j = 0, N - 1 do acc = fma32(a[i * N + j + 1], pv[j + 1], acc) end
  wq[i + 1] = acc
end
v.equal(s:read(), ws_, "s = A^T r")
v.equal(q:read(), wq, "q = A p")
print(string.format("bicg: %dx%d OK", M, N))
