-- acc_bigblock: 1024-thread blocks (the CUDA maximum, 32 warps) and two
-- PTX modules loaded by one scenario.
--  * shm_reduce_dyn (acc_shmem.ptx) with blockDim 1024: 8 KB of dynamic
--    shared memory, a 4-step bar.sync tree (512..64) then the warp tail
--  * shfl_block_scan (acc_shuffle.ptx) with blockDim 1024: all 32 warp
--    totals go through the 32-entry shared array and a second warp scan
--  * a 48 KB dynamic shared-memory launch (shm_reduce_dyn only touches the
--    first 8 KB, the request itself must be accepted)
-- The default preset (teach) allows 512 threads per SM, so this scenario
-- selects the fermi preset (1536 threads, 48 KB shared memory per SM) with
-- ws.config (docs/scenarios.md), as SPEC 1.3 lets a scenario pick a preset.
-- Kernels: tests/kernels/acc_shmem.cu, tests/kernels/acc_shuffle.cu

ws.config{ preset = "fermi" }

local ms = ws.load_ptx("../../tests/kernels/acc_shmem.ptx")
local mf = ws.load_ptx("../../tests/kernels/acc_shuffle.ptx")

local seed = 1024
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end

local nr = 5000
local R = {}
for i = 1, nr do R[i] = ((rnd() % 20001) - 10000) * 0.125 end
local br = ws.alloc("f64", nr); br:write(R)
local groups = (nr + 2047) // 2048
local bro = ws.alloc("f64", groups)
local bro48 = ws.alloc("f64", groups)
ws.launch(ms, "shm_reduce_dyn", { grid = groups, block = 1024, shared = 1024 * 8, args = { br, bro, nr } })
ws.launch(ms, "shm_reduce_dyn", { grid = groups, block = 1024, shared = 48 * 1024, args = { br, bro48, nr } })

local ns = 2048
local S = {}
for i = 1, ns do S[i] = (rnd() % 2001) - 1000 end
local bs = ws.alloc("s32", ns); bs:write(S)
local bso = ws.alloc("s32", ns)
local bwt = ws.alloc("s32", ns // 32)
ws.launch(mf, "shfl_block_scan", { grid = ns // 1024, block = 1024, args = { bs, bso, bwt } })
ws.run()

local o, o48 = bro:read(), bro48:read()
for b = 0, groups - 1 do
  local s = 0.0
  for i = b * 2048 + 1, math.min(nr, (b + 1) * 2048) do s = s + R[i] end
  ws.check(o[b + 1] == s, string.format("shm_reduce_dyn (1024 threads) block %d = %s, expected %s", b, o[b + 1], s))
  ws.check(o48[b + 1] == s, string.format("shm_reduce_dyn (1024 threads, 48 KB) block %d = %s, expected %s", b, o48[b + 1], s))
end
local so, wt = bso:read(), bwt:read()
for b = 0, ns // 1024 - 1 do
  local acc = 0
  for t = 0, 1023 do
    local g = b * 1024 + t
    acc = acc + S[g + 1]
    ws.check(so[g + 1] == acc, string.format("shfl_block_scan (1024 threads) out[%d] = %d, expected %d", g, so[g + 1], acc))
  end
end
for w = 0, ns // 32 - 1 do
  local s = 0
  for l = 0, 31 do s = s + S[w * 32 + l + 1] end
  ws.check(wt[w + 1] == s, string.format("shfl_block_scan (1024 threads) warp_totals[%d] = %d, expected %d", w, wt[w + 1], s))
end

print(string.format("acc_bigblock: OK (reduce %d in %d blocks of 1024, scan %d)", nr, groups, ns))
