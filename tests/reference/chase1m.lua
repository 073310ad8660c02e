-- Reference kernel chase, DRAM-bound: one thread follows next[j] through
-- 1 MB at a 128-byte stride, every load missing L1 and L2.
-- GPGPU-Sim ran 8192 dependent loads (paper size).
local c = require "common"
local m = ws.load_ptx("kernels.ptx")
local bytes, hops, st = 1048576, c.size(256, 8192), 32
local nw = bytes // 4
local nx, out = ws.alloc("u32", nw), ws.alloc("u32", 1)
nx:write(function(i) return (i + st) % nw end)
ws.launch(m, "chase", { grid = 1, block = 1, args = { nx, hops, out } })
c.report("chase1m", ws.run())
ws.check(out:get(0) == (hops * st) % nw, "chase end index " .. out:get(0))
