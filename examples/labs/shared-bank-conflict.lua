-- Lab: shared-memory bank conflicts (make run LAB=shared-bank-conflict).
--
-- Shared memory has 32 banks of 4-byte words: word w is in bank w mod 32.
-- A warp's 32 accesses take one pass when they hit 32 different banks (or
-- the same word), and N passes when N of them need different words of one
-- bank. The tiled transpose reads a column of its 32 x 32 tile: with a row
-- pitch of 32 words the whole column is in one bank (32 passes); padding
-- the row to 33 words spreads it over all 32. The lab runs the unpadded
-- kernel to its first conflict, then the padded one, and ends with a
-- question and the command that answers it.
local v = require "verify"
local lab = require "lab"
local stop = lab.stop
ws.config{ preset = "teach" }

local rows, cols = 96, 128
local inb, outb, want = lab.transpose_inputs(rows, cols)
local m = ws.load_ptx("../kernels/transpose_tiled.ptx")
local function launch(kernel)
  outb:write(function() return 1e30 end)
  ws.launch(m, kernel, { grid = { cols // 32, rows // 32 }, block = { 32, 8 },
                         args = { rows, cols, inb, outb } })
end

launch("transpose_tiled_nopad")
stop("Lab 1/3, shared-memory bank conflicts: the tiled transpose with an unpadded "
  .. "tile[32][32]. F5 runs to the first shared-memory access that needs more than "
  .. "one pass (event shmem.conflict).")

local first, s = lab.first("shmem.conflict")
ws.check(first.degree == 32, "a column of the unpadded tile is one bank: 32 passes")
stop(string.format("Lab 2/3, cycle %d: warp %d reads a column of the tile: its 32 words "
  .. "are 32 words apart, all in bank %d, so the access takes %d passes. `info warp` "
  .. "shows the instruction; F5 runs the rest, then the padded tile[32][33].",
  s.cycle, first.warp, (first.addr // 4) % 32, first.degree))

local st1 = ws.run()
v.equal(outb:read(), want, "unpadded out")
launch("transpose_tiled")
local st2 = ws.run()
v.equal(outb:read(), want, "padded out")
local padded = st2.shmem.bank_conflicts - st1.shmem.bank_conflicts
ws.check(st1.shmem.bank_conflicts > 0 and padded == 0, "padding removes every conflict")
lab.ask(string.format("Lab 3/3, question: the unpadded kernel had %d shared-memory bank "
  .. "conflicts; how many did the padded one have, and why? Answer it with `info stats` "
  .. "(shmem.bank_conflicts now, minus %d).", st1.shmem.bank_conflicts,
  st1.shmem.bank_conflicts), "shmem", "bank_conflicts")
