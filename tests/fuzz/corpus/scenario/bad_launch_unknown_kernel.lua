local m = ws.load_ptx("../../tests/bad/data/faults.ptx")
ws.launch(m, "copy", { grid = 1, block = 32, args = {} })
