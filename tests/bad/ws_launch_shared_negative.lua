local m = ws.load_ptx("data/faults.ptx")
ws.launch(m, "spin", { grid = 1, block = 32, shared = -1 })
