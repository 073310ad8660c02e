local m = ws.load_ptx("../../tests/bad/data/faults.ptx")
ws.launch(m, "spin", { grid = 0, block = 32 })
