-- ltrf-prefetch: the latency-tolerant register file at work (design ltrf,
-- seed 004): register-interval PREFETCH, a warp made inactive by an L1D
-- miss, and its re-activation.
--
-- The main register file is large and slow (Table 2 configuration #7,
-- DWM: 8x the capacity, 6.3x the latency, reached over a crossbar 4x
-- narrower than the register file's). In front of it sits a register-file
-- cache (RFC) of 16 banks with one partition per active warp of the
-- two-level scheduler (2 schedulers x 2 = 4 here). The compiler cut the
-- kernel into register-intervals: single-entry pieces of the CFG using at
-- most 16 registers (`warpscope inspect examples/kernels/gemm.ptx` lists
-- them; the Source pane marks their heads). When a warp enters an
-- interval from another, it waits until the interval's registers are in
-- its partition; every register access inside the interval then hits the
-- RFC. A warp whose load misses in the L1D leaves the active pool: it
-- writes its registers back and frees its partition; when its data is
-- back it is activated again and fetches the registers of the interval
-- it is in. ltrf+ (this scenario) moves live registers only.
--
-- The scenario runs gemm (examples/kernels/gemm.ptx) and stops three
-- times:
--  1. at a PREFETCH: a warp entered the unrolled loop's interval;
--  2. at a deactivation: a warp's load missed in the L1D;
--  3. at that warp's re-activation.
-- At each stop ws.say explains the state from ws.ltrf() (the grids of the
-- Design pane). Headless, the narration is printed and the result and the
-- counters are checked. The lab ends with a question and the command that
-- answers it (`info stats`).
local v = require "verify"
local suite = require "suite"

ws.config{ preset = "teach", design = "ltrf",
           ltrf = { variant = "ltrf+", main_config = 7 },
           sched = { policy = "two-level", active_warps = 2, leave_on = "miss",
                     refill = "skip-memory" } }

local M, N, K = 32, 32, 64
local rng = v.lcg(5)
local function rf() return ((rng() >> 7) - (1 << 23)) / (1 << 23) end
local A = ws.alloc("f32", M * K)
local B = ws.alloc("f32", K * N)
local C = ws.alloc("f32", M * N)
A:write(function() return rf() end)
B:write(function() return rf() end)
local mod = ws.load_ptx("../kernels/gemm.ptx")
ws.launch(mod, "gemm", { grid = { N // 16, M // 16 }, block = { 16, 16 },
                         args = { M, N, K, A, B, C } })

-- The row of warp w in a grid of ws.ltrf(0) whose title contains `what`.
local function row(what, w)
  local label = string.format("w%02d", w)
  for _, g in ipairs(ws.ltrf(0).grids) do
    if g.title:find(what, 1, true) then
      for _, r in ipairs(g.rows) do
        if r.label == label then return r end
      end
    end
  end
end

-- A row as the Design pane draws it: label, cells, note.
local function show(r)
  if not r then return "(not shown)" end
  local s = {}
  for _, seg in ipairs(r.note or {}) do s[#s + 1] = seg.t end
  return string.format("[%s %s %s]", r.label, r.cells, table.concat(s))
end

-- 1. A PREFETCH that fetches registers.
local pf
local id = ws.on("ltrf.prefetch", function(e)
  if e.fetched > 0 and e.cycle > 200 then pf = e; return true end
end)
ws.continue()
ws.off(id)
ws.check(pf ~= nil, "no PREFETCH fetched registers")
local r = row("register-file cache", pf.warp)
ws.check(r ~= nil and r.cells:find("f") ~= nil, "the partition shows no register being fetched")
ws.say(string.format(
  "1/3 cycle %d: warp %d entered register-interval %d, whose working set is %d registers (the Source pane marks the interval's head). Its PREFETCH allocated a bank of the warp's partition to each and fetches %d of them from the slow main register file (the others are dead: ltrf+ only gives them a bank). Until they are all in, the warp waits (stall reason \"prefetch\"); other warps run meanwhile. Its partition, one cell per RFC bank (V valid, f being fetched, d dead, . free): %s.",
  pf.cycle, pf.warp, pf.interval, pf.registers, pf.fetched, show(r)))
ws.pause()

-- 2. A deactivation: an L1D miss sends a warp out of the active pool.
local off
id = ws.on("ltrf.deactivate", function(e)
  if e.written_back > 0 and e.cycle > pf.cycle then off = e; return true end
end)
ws.continue()
ws.off(id)
ws.check(off ~= nil, "no warp was deactivated")
local w = ws.warp(0, off.warp)
ws.check(#w.pending_loads > 0, "the deactivated warp waits for no load")
ws.say(string.format(
  "2/3 cycle %d: a load of warp %d missed in the L1D (it waits for %d register%s from memory), so the warp left the active pool: it wrote its %d live registers back to the main register file, freed partition %d and cleared its valid bits. The partition goes to a warp that can run; warp %d waits among the inactive warps (second grid) until its data is back.",
  off.cycle, off.warp, #w.pending_loads, #w.pending_loads == 1 and "" or "s",
  off.written_back, off.partition, off.warp))
ws.pause()

-- 3. The same warp activated again.
local on
id = ws.on("ltrf.activate", function(e)
  if e.warp == off.warp then on = e; return true end
end)
ws.continue()
ws.off(id)
ws.check(on ~= nil, "the warp was never activated again")
ws.check(on.cycle > off.cycle, "activated before it left")
r = row("register-file cache", on.warp)
ws.say(string.format(
  "3/3 cycle %d: warp %d's data came back %d cycles later, and the two-level scheduler activated it again (sched.refill = skip-memory takes back only warps not waiting for memory). It got partition %d and, being in the middle of interval %d, fetches the %d live registers of that interval's working set before it may issue: %s.",
  on.cycle, on.warp, on.cycle - off.cycle, on.partition, on.interval, on.fetched,
  show(r)))
ws.pause()

local st = ws.run()
local l = st.ltrf
ws.say(string.format(
  "done: %d PREFETCHes at interval entries and %d activations fetched %d registers (%d more only got a bank); %d written back on %d deactivations. All %d operand reads hit the register-file cache; the main register file saw %d accesses instead of the %d operand reads and result writes. Intervals ran %.1f instructions per visit on average.",
  l.prefetches, l.activations, l.registers_prefetched, l.registers_allocated_only,
  l.registers_written_back, l.deactivations, l.operand_reads, l.main_rf_accesses,
  l.operand_reads + l.result_writes, l.interval_length_avg))
ws.check(l.rfc_read_misses == 0, "an operand read missed the register-file cache")
ws.check(l.deactivations > 0 and l.activations > l.deactivations - 1, "activations")

local want = {}
for i = 0, M - 1 do
  for j = 0, N - 1 do
    want[i * N + j + 1] = suite.dot(0.0, K, A, i * K, 1, B, j, N)
  end
end
v.equal(C:read(), want, "C")
-- The lab's question, and the command that answers it
require("lab").ask("Question: how many accesses did the slow main register file see, against "
  .. "the operand reads and result writes the warps made, and what did the "
  .. "prefetches and write-backs cost in registers moved? Answer it with `info "
  .. "stats` (ltrf: main_rf_accesses, operand_reads, result_writes, "
  .. "registers_prefetched, registers_written_back).", "main_rf_accesses",
  "operand_reads", "result_writes", "registers_prefetched", "registers_written_back")
print(string.format("ltrf-prefetch: gemm %dx%dx%d OK", M, N, K))
