-- A kernel fault caught with pcall prints as its diagnostic, not as a
-- table address (which differed between runs); the check shows the text.
local m = ws.load_ptx("data/faults.ptx")
ws.launch(m, "misaligned", { grid = 1, block = 32, args = { ws.alloc("u32", 64) } })
local ok, err = pcall(ws.run)
ws.check(false, "the fault reads: " .. tostring(err):match("^[^\n]*"))
