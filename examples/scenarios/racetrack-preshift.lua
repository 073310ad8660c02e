-- racetrack-preshift: what preshifting buys one bank of a racetrack
-- register file (design racetrack, seed 001 section 4.4).
--
-- A racetrack bank must shift its tape until the register it serves sits
-- under a port; only 4 of the 16 banks may access at once, so most banks
-- wait idle while their queues fill. A granted access of d shift steps
-- takes (d x 0.61 ns + the read's 0.28 or the write's 1.24 ns), rounded
-- up to whole cycles. With racetrack.preshift an idle bank uses its wait:
-- it shifts one step per cycle toward the register its next request
-- (write buffer first, then read queue) needs.
--
-- The scenario runs saxpy (examples/kernels/saxpy.ptx) on tapes with two
-- ports (see below), with preshifting switched off until cycle 400
-- (racetrack.preshift_from), then on:
--  1. with preshifting off it stops at a read whose bank, once granted,
--     must shift several steps before it can read (a racetrack.stall
--     event), and follows that bank;
--  2. with preshifting on it stops when that bank, idle and waiting for
--     the arbiter, takes the last preshift step that brings its next
--     register under a port (a racetrack.preshift event with offset ==
--     target): that access will need no shift, the stall is saved.
-- At each stop ws.say explains the bank from ws.banks(); in the TUI the
-- Racetrack pane shows the same tape. Headless, the narration is printed
-- and the result is checked.
local v = require "verify"

local from = 400
-- Two ports per tape (the default has 8) make each port region 32
-- domains long, so saxpy's few registers per bank are several shift
-- steps apart.
ws.config{ preset = "teach", design = "racetrack",
           racetrack = { ports = 2, preshift = true, preshift_from = from } }

local n, a, block = 4096, ws.f32(2.5), 256
local rng = v.lcg(3)
local x = ws.alloc("f32", n)
local y = ws.alloc("f32", n)
x:write(function() return (rng() % 1000) / 8 end)
y:write(function() return (rng() % 1000) / 16 end)
local x0, y0 = x:read(), y:read()
local m = ws.load_ptx("../kernels/saxpy.ptx")
ws.launch(m, "saxpy", { grid = n // block, block = block, args = { n, a, x, y } })

-- The tape of bank b (tape t), as the Racetrack pane draws it.
local function tape(b, t)
  for _, tp in ipairs(ws.banks(0).tapes) do
    if tp.bank == b and tp.tape == t then return tp end
  end
end

local function regs(list)
  local s = {}
  for _, q in ipairs(list) do s[#s + 1] = string.format("w%dr%d@%d", q.warp, q.reg, q.offset) end
  return #s > 0 and table.concat(s, " ") or "empty"
end

-- 1. Preshifting off: the first access that must shift after its grant.
local stall
-- (a bank serves its buffered writes first: with none, the access is a read)
local function buffered_writes(b)
  local n = 0
  for _, tp in ipairs(ws.banks(0).tapes) do
    if tp.bank == b then n = n + #tp.write_buffer end
  end
  return n
end
local id = ws.on("racetrack.stall", function(e)
  if e.cycle < from - 100 and e.steps >= 2 and buffered_writes(e.bank) == 0 then
    stall = e
    return true
  end
end)
ws.continue()
ws.off(id)
ws.check(stall ~= nil, "no shifting access before preshifting starts")
local bank = stall.bank
local tp = tape(bank, 0)
-- a read's cycles by shift distance, from the model (ws.banks)
local rc = ws.banks(0).read_cycles_by_distance
ws.say(string.format(
  "1/3 cycle %d, preshifting off: bank %d was granted a read of warp %d whose register sits at offset %d, %d steps from where the tape stood (racetrack.stall): the read takes %d cycles instead of %d. At the end of this cycle the tape stands at offset %d (%s). Read queue: %s.",
  stall.cycle, bank, stall.warp, stall.target, stall.steps, rc[stall.steps + 1], rc[1],
  tp.offset, tp.state, regs(tp.queue)))
ws.check(rc[stall.steps + 1] > rc[1], "the shift costs this read cycles")
ws.pause()

-- Count this bank's stalls while preshifting is off.
local stalls_off, stall_steps_off = 0, 0
id = ws.on("racetrack.stall", function(e)
  if e.bank == bank and e.cycle < from then
    stalls_off = stalls_off + 1
    stall_steps_off = stall_steps_off + e.steps
  end
end)

-- 2. Preshifting on: the bank, idle, aligns its next register in advance.
local saved
local id2 = ws.on("racetrack.preshift", function(e)
  if e.bank == bank and e.offset == e.target then saved = e; return true end
end)
ws.continue()
ws.off(id2)
ws.check(saved ~= nil, "bank " .. bank .. " never finished a preshift")
ws.check(saved.cycle >= from, "a preshift before racetrack.preshift_from")
tp = tape(bank, 0)
ws.say(string.format(
  "2/3 cycle %d, preshifting on: bank %d is idle (the arbiter serves 4 of 16 banks at once) and has just shifted one step to offset %d, where its next request's register sits (warp %d). When the arbiter grants it, the access needs no shift: a stall saved. Queue: %s; write buffer: %s.",
  saved.cycle, bank, saved.offset, saved.warp, regs(tp.queue), regs(tp.write_buffer)))
ws.pause()

local st = ws.run()
ws.off(id)
local rt = st.racetrack
ws.check(rt.preshift_steps > 0, "no preshift steps")
local out, ok = ws.cmd("info stats")
ws.check(ok and out:find('"shift_stall_cycles"', 1, true) ~= nil,
         "info stats shows racetrack.shift_stall_cycles")
ws.say(string.format(
  "3/3 done: %d accesses; bank %d shifted after its grant %d times (%d steps) before cycle %d. Question: over the whole run, how many cycles did shifts after a grant add to accesses, and how many preshift steps did waiting banks take instead? Answer it with `info stats` (racetrack: shift_stall_cycles, preshift_steps).",
  rt.accesses, bank, stalls_off, stall_steps_off, from))

local want = {}
for i = 1, n do want[i] = v.fma32(a, x0[i], y0[i]) end
v.equal(y:read(), want, "y")
print(string.format("racetrack-preshift: saxpy on %d elements OK; %d shift steps after a grant added %d cycles, %d preshift steps",
  n, rt.shifts, rt.shift_stall_cycles, rt.preshift_steps))
