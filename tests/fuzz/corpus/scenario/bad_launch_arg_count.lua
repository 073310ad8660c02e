local m = ws.load_ptx("../../tests/bad/data/faults.ptx")
local x = ws.alloc("u32", 64)
ws.launch(m, "copy_past_end", { grid = 1, block = 32, args = { 0, x } })
