-- 101 threads fill a 100-byte buffer: thread 100 writes one byte past its
-- end (inside the buffer's page, which the fault must not let through).
local m = ws.load_ptx("data/overrun.ptx")
local buf = ws.alloc("u8", 100)
ws.launch(m, "fill_bytes", { grid = 1, block = 101, args = { buf } })
ws.run()
