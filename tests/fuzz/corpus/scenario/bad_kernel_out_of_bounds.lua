-- The kernel reads src[i + 40000]: far past the end of a 64-element buffer.
local m = ws.load_ptx("../../tests/bad/data/faults.ptx")
local src, dst = ws.alloc("u32", 64), ws.alloc("u32", 64)
ws.launch(m, "copy_past_end", { grid = 1, block = 64, args = { 40000, src, dst } })
ws.run()
