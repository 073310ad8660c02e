-- latency: load latency of the L1D, the L2 and DRAM, measured the way Wong
-- et al. (ISPASS 2010) do it: one thread chases pointers through an array
-- (pchase.cu) and times every load with %clock. Each load's address is the
-- previous load's value, so the loads never overlap and each timing is one
-- full round trip.
--
-- Three launches, DRAM first so that it finds every DRAM bank closed:
--   DRAM  every load .cg (L1 skipped), one pass, each load to a line never
--         touched before, stride dram.channels * dram.row_bytes: the loads
--         stay on one channel and step through its banks. The first
--         dram.banks loads find their bank closed (activate, then read);
--         after that the chase comes back to bank 0 with a new row and every
--         load is a row conflict (precharge, activate, read). The two
--         clusters of timings give both latencies, their difference the
--         row-conflict penalty, and the size of the first cluster the number
--         of banks.
--   L2    every load .cg over 16 lines: the first pass misses to DRAM, the
--         second hits in L2 on every load.
--   L1D   every load .ca over a few lines: the first pass misses and fills
--         the L1, the second hits on every load.
-- Clusters are separated by the midpoint between the smallest and largest
-- time of the pass; nothing is read from the configuration except to choose
-- strides and lengths, and to compare at the end.
--
-- A measured latency is the configured one plus a constant overhead: the
-- clock reads, the store that waits for the load, and on the way to L2 the
-- interconnect in both directions. The table prints that difference.
-- Timings exist only in timing mode (sim.mode = "timing"); in functional
-- mode %clock counts instructions, so only the chases themselves are checked.

ws.config{ preset = "teach" }
local cfg = ws.config()
local mb = require "mb"
local m = ws.load_ptx("pchase.ptx")

local WORD = 4                       -- bytes per chain element (u32)
-- Loads per chase: DRAM goes round the banks three times (one pass of
-- closed banks, then conflicts); L2 and L1D make two passes over their lines.
local DRAM_N = 3 * cfg["dram.banks"]
local L2_LINES = 16
local L1_LINES = math.max(1, math.min(8, cfg["l1d.size"] // cfg["l1d.line"]))
-- A cache per lane in front of the L1D (design tinycache) keeps a short
-- chase to itself; one over twice as many lines as it holds misses it on
-- every load and measures the L1D behind it.
if cfg.design == "tinycache" then
  L1_LINES = math.max(1, math.min(2 * cfg["tinycache.entries"],
                                  cfg["l1d.size"] // cfg["l1d.line"]))
end

-- Output buffers shared by every launch, so the scenario touches no more
-- memory than the chases themselves.
local out_n = math.max(DRAM_N, 2 * L2_LINES, 2 * L1_LINES)
local idx_out = ws.alloc("u32", out_n)
local time_out = ws.alloc("u32", out_n)

-- Elements a..b of t (1-based, inclusive).
local function slice(t, a, b)
  local s = {}
  for i = a, b do s[#s + 1] = t[i] end
  return s
end

-- A cyclic chain of `lines` elements `stride` bytes apart: element k points
-- to element k + 1, the last one back to element 0.
local function chain(lines, stride)
  local sw = stride // WORD
  local a = ws.alloc("u32", lines * sw)
  for k = 0, lines - 1 do a:set(k * sw, ((k + 1) % lines) * sw) end
  return a, sw
end

-- Runs n loads along the chain (the first n_cg of them .cg), checks that
-- the thread visited exactly the expected elements, and returns the times
-- (1-based) and the statistics of the run.
local function chase(name, a, lines, sw, n_cg, n)
  ws.launch(m, "pchase", { grid = 1, block = 1, shared = 8 * n,
                           args = { a, 0, n_cg, n, idx_out, time_out } })
  local stats = ws.run()
  local idx, t = idx_out:read(), time_out:read()
  local bad = 0
  for i = 1, n do
    if idx[i] ~= (i % lines) * sw then bad = bad + 1 end
  end
  ws.check(bad == 0, string.format("%s: %d of %d loads reached the wrong element", name, bad, n))
  print(string.format("  %-5s chase: %3d loads over %3d elements %5d B apart: path %s",
                      name, n, lines, sw * WORD, bad == 0 and "as expected" or "WRONG"))
  return slice(t, 1, n), stats
end

-- Pass p (1-based) of a chase with `lines` loads per pass.
local function pass(t, lines, p)
  return slice(t, (p - 1) * lines + 1, p * lines)
end

local minmax = mb.minmax

local function median(t)
  local s = slice(t, 1, #t)
  table.sort(s)
  return s[(#s + 1) // 2]
end

-- Core cycles for a number of DRAM cycles, rounded up (docs/dram.md).
local function conv(x)
  local num, den = x * cfg["sm.clock_mhz"], cfg["dram.clock_mhz"]
  return (num + den - 1) // den
end

print(string.format("latency: preset %s, sim.mode %s", cfg.preset, cfg["sim.mode"]))

-- DRAM: one channel, a new bank (then a new row) at every load.
local dstride = cfg["dram.channels"] * cfg["dram.row_bytes"]
local da, dsw = chain(DRAM_N, dstride)
local dt, stats = chase("DRAM", da, DRAM_N, dsw, DRAM_N, DRAM_N)

-- L2: two passes of .cg loads, one line apart.
local line = math.max(cfg["l1d.line"], cfg["l2.line"])
local la, lsw = chain(L2_LINES, line)
local lt = chase("L2", la, L2_LINES, lsw, 2 * L2_LINES, 2 * L2_LINES)

-- L1D: two passes of .ca loads over at most 8 consecutive lines, which fit
-- in any L1 of at least 8 lines whatever its associativity.
local ca, csw = chain(L1_LINES, cfg["l1d.line"])
local ct = chase("L1D", ca, L1_LINES, csw, 0, 2 * L1_LINES)

if not mb.timed(cfg) then
  return
end

local l1 = pass(ct, L1_LINES, 2)
local l2 = pass(lt, L2_LINES, 2)
local l1_lo, l1_hi = minmax(l1)
local l2_lo, l2_hi = minmax(l2)
local l1_t, l2_t = median(l1), median(l2)

-- DRAM clusters: below the midpoint the closed-bank loads, above the
-- row conflicts.
local d_lo, d_hi = minmax(dt)
local cut = (d_lo + d_hi) / 2
local closed, conflict, first_conflict = {}, {}, nil
for i, x in ipairs(dt) do
  if x <= cut then
    closed[#closed + 1] = x
  else
    conflict[#conflict + 1] = x
    first_conflict = first_conflict or i
  end
end
local closed_t = median(closed)
local conflict_t = #conflict > 0 and median(conflict) or closed_t
local ACT = conv(cfg["dram.tRCD"] + cfg["dram.tCL"])
local PRE = conv(cfg["dram.tRP"] + cfg["dram.tRCD"] + cfg["dram.tCL"])

print()
print(string.format("%-26s %9s %11s %11s %10s", "access", "measured", "range", "configured", "difference"))
local function row(what, samples, t, conf)
  local lo, hi = minmax(samples)
  print(string.format("%-26s %9d %5d..%-5d %11d %10d", what, t, lo, hi, conf, t - conf))
end
row("L1D hit (.ca)", l1, l1_t, cfg["l1d.latency"])
row("L2 hit (.cg)", l2, l2_t, cfg["l2.latency"])
row("DRAM, bank closed", closed, closed_t, ACT)
if #conflict > 0 then row("DRAM, row conflict", conflict, conflict_t, PRE) end
print(string.format("notes: L2 and DRAM loads also cross the interconnect twice (icnt.latency = %d each way);",
                    cfg["icnt.latency"]))
print("       DRAM configured = conv(tRCD+tCL) for a closed bank, conv(tRP+tRCD+tCL) for a row")
print("       conflict: DRAM cycles in core cycles, rounded up (docs/dram.md)")
print(string.format("row-conflict penalty: measured %d, configured %d", conflict_t - closed_t, PRE - ACT))
print(string.format("DRAM loads before the first row conflict: %d (dram.banks = %d)",
                    #closed, cfg["dram.banks"]))

-- An unloaded, deterministic machine answers every hit in the same time.
-- Per-lane caches that also hold shared memory (tinycache.policy =
-- bypass_none) keep the timing records too: a record's store then waits
-- behind the write-back of an older record line now and then, one cycle
-- per shared-memory bank wave the line takes.
local spread = 0
if cfg.design == "tinycache" and cfg["tinycache.policy"] == "bypass_none" then
  local row = 4 * cfg["shmem.banks"]
  spread = (cfg["tinycache.line"] + row - 1) // row
end
ws.check(l1_hi - l1_lo <= spread, "L1D hits do not all take the same time")
ws.check(l2_lo == l2_hi, "L2 hits do not all take the same time")
ws.check(l1_t >= cfg["l1d.latency"], "L1D hit faster than l1d.latency")
ws.check(l2_t >= cfg["l2.latency"], "L2 hit faster than l2.latency")
ws.check(l1_t < l2_t and l2_t < closed_t, "latencies not ordered L1D < L2 < DRAM")
ws.check(conflict_t - closed_t == PRE - ACT, string.format(
  "row-conflict penalty %d, want conv(tRP+tRCD+tCL) - conv(tRCD+tCL) = %d", conflict_t - closed_t, PRE - ACT))
if PRE > ACT then
  -- Only a visible penalty separates the clusters.
  ws.check(#closed == cfg["dram.banks"] and first_conflict == cfg["dram.banks"] + 1,
           string.format("%d closed-bank loads, want dram.banks = %d", #closed, cfg["dram.banks"]))
end
