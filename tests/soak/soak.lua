-- The long-session soak test's scenario (tests/soak/run.sh drives it with
-- a command file): one launch of a kernel that loops far longer than the
-- session runs, so every cycle the commands reach is inside it.
local m = ws.load_ptx("soak.ptx")
local n = 64
local buf = ws.alloc("u32", n)
ws.launch(m, "churn", { grid = 2, block = n // 2, args = { 1000000000, buf } })
ws.run()
