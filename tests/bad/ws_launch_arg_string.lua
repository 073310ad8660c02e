-- A string where the kernel takes a .u32.
local m = ws.load_ptx("data/faults.ptx")
local src, dst = ws.alloc("u32", 64), ws.alloc("u32", 64)
ws.launch(m, "copy_past_end", { grid = 1, block = 64, args = { "ten", src, dst } })
