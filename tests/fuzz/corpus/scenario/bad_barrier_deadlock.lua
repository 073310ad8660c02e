-- Warp 1 exits without reaching the 64-thread barrier warp 0 waits at.
ws.config{ ["sm.max_warps"] = 16 }
local m = ws.load_ptx("../../tests/bad/data/faults.ptx")
ws.launch(m, "half_barrier", { grid = 1, block = 96 })
ws.run()
