-- Lab: register-bank conflicts (make run LAB=bank-conflict).
--
-- A warp-instruction reads its operands from the register file through an
-- operand collector. The file is split into banks (preset teach: 8, bank =
-- (warp + register) mod 8), and a bank serves one request per cycle: two
-- requests for the same bank in one cycle conflict, and one of them waits.
-- The lab runs saxpy (y = a*x + y) on one SM, stops at the first conflict,
-- and ends with a question and the command that answers it.
local v = require "verify"
local lab = require "lab"
local stop = lab.stop
ws.config{ preset = "teach" }

local n = 4096
local x, y = ws.alloc("f32", n), ws.alloc("f32", n)
x:write(function(i) return i end)
y:write(function() return 1.0 end)
local m = ws.load_ptx("../kernels/saxpy.ptx")
ws.launch(m, "saxpy", { grid = n // 256, block = 256, args = { n, 2.0, x, y } })

stop("Lab 1/3, register-bank conflicts: saxpy on one SM with 8 register banks. "
  .. "F5 runs to the first cycle two requests want the same bank (event rf.conflict); "
  .. "look at the Register file pane there (Tab to it at 80x24).")

local first, s = lab.first("rf.conflict")
local function req(w, r, wr) return string.format("warp %d %s r%d", w, wr and "writing" or "reading", r) end
stop(string.format("Lab 2/3, cycle %d: bank %d conflict - %s was served, %s waits a cycle "
  .. "(bank = (warp + register) mod 8 puts both in bank %d). The stop line in the console "
  .. "says the same; `info warp` shows the warp, F11 steps a cycle to see it served.",
  s.cycle, first.bank, req(first.warp, first.reg, first.write),
  req(first.waiting_warp, first.waiting_reg, first.waiting_write), first.bank))

local st = ws.run()
local want = {}
for i = 1, n do want[i] = 2.0 * (i - 1) + 1.0 end
v.equal(y:read(), want, "y")
ws.check(st.rf.bank_conflicts > 0, "the statistics count the conflicts")
-- the command the question names must answer it
lab.ask("Lab 3/3, question: over the whole kernel, how many register-bank conflicts "
  .. "were there, and which bank had the most? Answer it with `info stats` "
  .. "(rf: bank_conflicts, and per_bank[].conflicts).", "bank_conflicts", "per_bank")
