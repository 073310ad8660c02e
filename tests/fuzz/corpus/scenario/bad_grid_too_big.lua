-- 2^31 - 1 CTAs cannot finish within the warp-instruction limit.
local m = ws.load_ptx("../../tests/bad/data/faults.ptx")
ws.launch(m, "spin", { grid = { 2147483647 }, block = 32 })
