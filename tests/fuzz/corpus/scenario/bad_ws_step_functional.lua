-- Stepping cycles needs the timing model.
ws.config{ sim = { mode = "functional" } }
local m = ws.load_ptx("../../tests/bad/data/faults.ptx")
ws.launch(m, "spin", { grid = 1, block = 32 })
ws.step(10)
