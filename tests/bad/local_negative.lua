-- A local store just below the thread's frame faults; it must not write
-- the simulator's memory (the bound check wrapped for negative offsets).
local m = ws.load_ptx("data/faults.ptx")
ws.launch(m, "local_negative", { grid = 1, block = 32 })
ws.run()
