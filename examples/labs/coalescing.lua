-- Lab: coalescing (make run LAB=coalescing).
--
-- A warp's 32 loads or stores are merged into as few 128-byte
-- transactions as the addresses allow: 32 consecutive floats make one,
-- 32 floats in 32 different lines make 32. The naive transpose reads rows
-- (coalesced) but writes columns: every warp store lands in 32 rows of
-- out, 384 bytes apart. The tiled transpose goes through shared memory so
-- that both sides are rows. The lab stops at the naive store, then runs
-- both kernels and ends with a question and the command that answers it.
local v = require "verify"
local lab = require "lab"
local stop = lab.stop
ws.config{ preset = "teach" }

local rows, cols = 96, 128
local inb, outb, want = lab.transpose_inputs(rows, cols)
local naive = ws.load_ptx("../kernels/transpose.ptx")
local tiled = ws.load_ptx("../kernels/transpose_tiled.ptx")
ws.launch(naive, "transpose", { grid = { cols // 32, rows // 8 }, block = { 32, 8 },
                                args = { rows, cols, inb, outb } })

stop("Lab 1/4, coalescing: a naive transpose of a 96 x 128 float matrix. F5 runs "
  .. "to its first global store (transpose.ptx:62, st.global.f32).")

ws.breakpoint{ file = "transpose.ptx", line = 62, temp = true }
local s = ws.continue()
ws.check(s.reason == "breakpoint", "expected the store's breakpoint, got " .. s.reason)
stop(string.format("Lab 2/4, cycle %d: warp %d is about to store 32 floats, one per "
  .. "row of out (%d bytes apart): 32 lines, so 32 write transactions to L2 for "
  .. "one instruction. `info warp` shows it; F10 issues it; `info stats` counts l2.writes.",
  s.cycle, ws.focus().warp, rows * 4))

local st1 = ws.run()
v.equal(outb:read(), want, "naive out")
ws.check(st1.l2.writes >= rows * cols, "every naive store is its own L2 write")
stop(string.format("Lab 3/4: the naive transpose is done: %d stores cost %d L2 writes "
  .. "(`info stats`, l2.writes). F5 runs the tiled transpose (tile in shared memory, "
  .. "rows on both sides) on the same matrix.", rows * cols, st1.l2.writes))

outb:write(function() return -1.0 end)
ws.launch(tiled, "transpose_tiled", { grid = { cols // 32, rows // 32 }, block = { 32, 8 },
                                      args = { rows, cols, inb, outb } })
local st2 = ws.run()
v.equal(outb:read(), want, "tiled out")
local tiled_writes = st2.l2.writes - st1.l2.writes
ws.check(tiled_writes * 8 <= st1.l2.writes, "the tiled stores are coalesced")
lab.ask(string.format("Lab 4/4, question: how many L2 write transactions did the tiled "
  .. "kernel's %d stores cost, and why 32 times fewer? Answer it with `info stats` "
  .. "(l2.writes now, minus the %d of the naive kernel).", rows * cols, st1.l2.writes),
  "l2", "writes")
