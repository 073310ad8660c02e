-- The kernel never terminates; the run sets a small limit (see .args).
local m = ws.load_ptx("../../tests/bad/data/faults.ptx")
ws.launch(m, "spin", { grid = 1, block = 32 })
ws.run()
