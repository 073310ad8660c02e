-- tour: a guided tour of the TUI (`make run` opens it). A block-sum
-- reduction (examples/kernels/reduce.cu: global loads, a shared-memory
-- tree with bar.sync, a warp-shuffle stage, one atomicAdd per block) runs
-- in short stretches; at each stop the message line says what the panes
-- show, and ws.pause() hands the keyboard to you: look around, type
-- commands at the console (`:`), then F5 (or `continue`) goes on with the
-- tour. Run headless (`warpscope run`), the pauses are no-ops and the
-- narration is printed; the result is checked either way.
local v = require "verify"
ws.config{ preset = "teach" }

local n, block = 4096, 256
local nblocks = (n + 2 * block - 1) // (2 * block)
local rng = v.lcg(7)
local inb = ws.alloc("f32", n)
local partial = ws.alloc("f32", nblocks)
local total = ws.alloc("f32", 1)
inb:write(function() return (rng() % 100) / 4 end)
partial:write(function() return -1.0 end)
total:write{ 0.0 }

local m = ws.load_ptx("../kernels/reduce.ptx")
ws.launch(m, "reduce_sum", { grid = nblocks, block = block,
                             args = { n, inb, partial, total } })

local function stop(text)
  ws.say(text)
  ws.pause()
end

stop("Tour 1/8: one SM (preset teach), a block-sum reduction queued. F11 steps a cycle, F10 a warp-instruction, F5 goes on with the tour; ? lists every key.")

ws.step(3)
stop("Tour 2/8, Warps: a row per warp slot of SM 0 - its CTA, status colour, PC and PTX line, the 32-lane active mask, why it stalls, the next instruction. Arrows + Enter focus a warp.")

-- run until the first warp reaches the first bar.sync
ws.breakpoint{ file = "reduce.ptx", line = 73, temp = true }
ws.continue()
stop("Tour 3/8, Source: the PTX with each warp's PC; the focused warp stands at bar.sync (line 73). F9 toggles a breakpoint on the selected line.")

ws.step(20)
stop("Tour 4/8, Register file: banks as columns, which warp register lives where, this cycle's reads, writes and conflicts; operand collectors wait for their banks.")

local misses = 0
local id = ws.on("l1.miss", function() misses = misses + 1; return misses == 24 end)
ws.continue()
ws.off(id)
stop("Tour 5/8, Cache: the L1D as sets x ways (valid, dirty, tag, LRU age) and the MSHRs holding the misses in flight; 24 L1 misses so far. Click a line for its details.")

ws.probe("issued", function() return ws.sm(0).issued end, 100)
ws.step(1000)
stop("Tour 6/8, Stats & probes: live counters and rates; the probe 'issued' (instructions issued, sampled every 100 cycles) draws a sparkline. Probes are plain Lua: ws.probe(name, fn, every).")

-- the CTA in slot 0 may have finished: focus a warp still running so
-- that the commands suggested work
local slot = 0
for _, w in ipairs(ws.warps()) do
  if w.state ~= "exited" then slot = w.slot; break end
end
ws.cmd("warp " .. slot)
stop("Tour 7/8, Console: every debugger command - try `info warp` (the focused warp, slot " .. slot .. "), `info registers r1`, `print ws.reg(0, " .. slot .. ", \"%r1\")`, `break reduce.ptx:79`, `reverse-step` (rs), `goto-cycle 100`. Tab completes; the history is kept.")

ws.run()
local x, want, sum = inb:read(), {}, 0.0
for b = 0, nblocks - 1 do
  local s = 0.0
  for i = b * 2 * block, math.min(n, (b + 1) * 2 * block) - 1 do s = s + x[i + 1] end
  want[b + 1] = s
  sum = sum + s
end
v.equal(partial:read(), want, "partial (block sums)")
v.equal(total:read(), { sum }, "total")
ws.say(string.format("Tour 8/8: done at cycle %d, sum %.2f checked. Reverse execution still works from here (rs, rc, goto-cycle); q quits. Next: a guided lab per concept, e.g. `make run LAB=bank-conflict` (examples/labs/README.md lists them).", ws.cycle(), sum))
