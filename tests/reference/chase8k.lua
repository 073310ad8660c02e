-- Reference kernel chase, L1-resident: one thread follows next[j] through
-- 8 KB at a 128-byte stride (64 lines, hits after the first round).
-- GPGPU-Sim ran 2048 dependent loads (paper size).
local c = require "common"
local m = ws.load_ptx("kernels.ptx")
local bytes, hops, st = 8192, c.size(256, 2048), 32
local nw = bytes // 4
local nx, out = ws.alloc("u32", nw), ws.alloc("u32", 1)
nx:write(function(i) return (i + st) % nw end)
ws.launch(m, "chase", { grid = 1, block = 1, args = { nx, hops, out } })
c.report("chase8k", ws.run())
ws.check(out:get(0) == (hops * st) % nw, "chase end index " .. out:get(0))
