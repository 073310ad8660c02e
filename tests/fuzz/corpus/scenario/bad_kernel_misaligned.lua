local m = ws.load_ptx("../../tests/bad/data/faults.ptx")
local p = ws.alloc("u32", 64)
ws.launch(m, "misaligned", { grid = 1, block = 32, args = { p } })
ws.run()
