-- l1_geometry: line size, capacity and associativity of the L1 data cache,
-- recovered from load timings alone with the pointer chase of Wong et al.
-- (ISPASS 2010) (pchase.cu: one thread, each load's address is the previous
-- load's value, every load timed with %clock).
--
-- Every launch starts with an empty L1 (the L1 is invalidated at each
-- launch) and first makes one .cg pass over its chain: that fills L2 and not
-- L1, so in the .ca passes that follow, every L1 miss is an L2 hit and only
-- two load times occur, an L1 hit and an L1 miss.
--
--  1. Line size. One .ca pass with a 4-byte stride over a few lines of an
--     empty L1: the first load of each line misses, the others hit. The
--     hit/miss threshold is the midpoint between the fastest and the slowest
--     load of this pass, and the line size is 4 bytes times the distance
--     between two misses.
--  2. Capacity. Chains of F bytes with a one-line stride, two .ca passes:
--     the first fills the L1, the second is measured. With LRU (or FIFO), a
--     cyclic pass that fits in the cache hits on every load; once it is
--     larger, some set holds more lines than it has ways and those loads
--     all miss. F doubles until the measured pass misses, then a bisection
--     finds the largest F without a miss: that is the capacity.
--  3. Associativity. One line more than the capacity lands in one set,
--     which then cycles through ways + 1 lines and misses on all of them:
--     ways = misses - 1. The set count follows (capacity / (line * ways)),
--     and is confirmed by two more chases: with `sets` extra lines every set
--     overflows and every load misses, with one fewer some loads still hit.
--
-- The configuration is read only to choose the sweep ranges (how far to
-- look) and for the final comparison. Timings exist only in timing mode; in
-- functional mode (%clock counts instructions) the same kinds of launches
-- run with the configured geometry and only their results are checked.

ws.config{ preset = "teach" }
local cfg = ws.config()
local mb = require "mb"
local m = ws.load_ptx("pchase.ptx")

local WORD = 4                            -- bytes per chain element (u32)
local LINE_SPAN = 8 * cfg["l1d.line"]     -- bytes scanned for the line size
local CAP = 4 * cfg["l1d.size"]           -- largest footprint tried

-- Output buffers, grown when a longer chase needs them. Reusing them keeps
-- the scenario's own memory traffic out of the caches being measured.
local out_n, idx_out, time_out = 0, nil, nil
local function outputs(n)
  if n > out_n then
    out_n = n
    idx_out, time_out = ws.alloc("u32", n), ws.alloc("u32", n)
  end
end

-- One array big enough for every chain; each experiment rewrites the links
-- it uses. Global memory is page aligned, so element 0 starts a line.
local arr = ws.alloc("u32", math.max(CAP, LINE_SPAN) // WORD + 1)

-- Makes elements 0, sw, 2sw, ... (count of them) a cycle.
local function link(count, sw)
  for k = 0, count - 1 do arr:set(k * sw, ((k + 1) % count) * sw) end
end

-- Runs `passes` passes over the cycle of `count` elements sw words apart,
-- the first pass .cg and the rest .ca. Checks the path and returns the
-- time of each load in the last pass, and the run's statistics.
local function chase(name, count, sw, passes)
  local n = passes * count
  outputs(n)
  link(count, sw)
  ws.launch(m, "pchase", { grid = 1, block = 1, shared = 8 * n,
                           args = { arr, 0, count, n, idx_out, time_out } })
  local stats = ws.run()
  local idx, t = idx_out:read(), time_out:read()
  local bad, last = 0, {}
  for i = 1, n do
    if idx[i] ~= (i % count) * sw then bad = bad + 1 end
  end
  for i = n - count + 1, n do last[#last + 1] = t[i] end
  ws.check(bad == 0, string.format("%s: %d of %d loads reached the wrong element", name, bad, n))
  return last, stats, bad == 0
end

local minmax = mb.minmax

print(string.format("l1_geometry: preset %s, sim.mode %s", cfg.preset, cfg["sim.mode"]))

-- 1. Line size: a .cg pass then a .ca pass, 4-byte stride.
local span = LINE_SPAN // WORD
local lt, stats, ok = chase("line", span, 1, 2)
print(string.format("  line chase: %d loads 4 B apart over %d B: path %s",
                    2 * span, LINE_SPAN, ok and "as expected" or "WRONG"))

-- Without timings, run the capacity and associativity launches at the
-- configured geometry, to check their paths.
if cfg["sim.mode"] ~= "timing" then
  local L = cfg["l1d.line"]
  local lines = cfg["l1d.size"] // L
  for _, c in ipairs{ lines, lines + 1 } do
    local _, _, good = chase("footprint", c, L // WORD, 3)
    print(string.format("  footprint chase: %d loads %d B apart over %d B: path %s",
                        3 * c, L, c * L, good and "as expected" or "WRONG"))
  end
  mb.timed(cfg)
  return
end

local hit_t, miss_t = minmax(lt)
local threshold = (hit_t + miss_t) / 2
-- Per-lane caches in front of the L1D (design tinycache) answer some
-- loads faster still: the L1D's misses are the slowest cluster.
if cfg.design == "tinycache" then
  threshold = mb.slow_threshold(lt, 3) or threshold
end
local misses = {}
for i, x in ipairs(lt) do
  if x > threshold then misses[#misses + 1] = i - 1 end   -- element index
end
local gap, regular = nil, #misses >= 2
for i = 2, #misses do
  local g = misses[i] - misses[i - 1]
  gap = gap or g
  regular = regular and g == gap
end
local line = regular and gap * WORD or nil
print()
print(string.format("hit %d cycles, miss %d cycles, threshold %.1f", hit_t, miss_t, threshold))
local offsets = {}
for _, e in ipairs(misses) do offsets[#offsets + 1] = tostring(e * WORD) end
print("misses at byte offsets: " .. table.concat(offsets, " "))
print(string.format("line size: %s", line and (line .. " B") or "no regular miss pattern"))
ws.check(line ~= nil, "no regular miss pattern in the line-size chase")
if not line then return end

-- 2. and 3.: chases of `lines` lines, one line apart; misses in the last pass.
local sw = line // WORD
local probes = {}
local function probe(lines)
  if probes[lines] then return probes[lines].misses end
  local t = chase("footprint", lines, sw, 3)
  local miss, sum = 0, 0
  for _, x in ipairs(t) do
    sum = sum + x
    if x > threshold then miss = miss + 1 end
  end
  probes[lines] = { misses = miss, mean = sum / lines }
  return miss
end

local lo, hi = nil, nil               -- largest clean, smallest missing (lines)
local lines = 1
while lines * line <= CAP do
  if probe(lines) > 0 then hi = lines break end
  lo = lines
  lines = lines * 2
end
ws.check(lo ~= nil and hi ~= nil, string.format("no capacity found up to %d B", CAP))
if not (lo and hi) then return end
while hi - lo > 1 do
  local mid = (lo + hi) // 2
  if probe(mid) > 0 then hi = mid else lo = mid end
end
local size = lo * line

local ways = probe(lo + 1) - 1
local sets = ways > 0 and size // (line * ways) or 0
local all_miss = sets > 0 and probe(lo + sets) == lo + sets
local some_hit = sets <= 1 or probe(lo + sets - 1) == (sets - 1) * (ways + 1)

print()
print(string.format("%10s %7s %9s %12s", "footprint", "lines", "misses", "cycles/load"))
local order = {}
for k in pairs(probes) do order[#order + 1] = k end
table.sort(order)
for _, k in ipairs(order) do
  print(string.format("%8d B %7d %9d %12.1f", k * line, k, probes[k].misses, probes[k].mean))
end
print()
print(string.format("%-14s %10s %10s", "", "recovered", "configured"))
print(string.format("%-14s %10d %10d", "line (B)", line, cfg["l1d.line"]))
print(string.format("%-14s %10d %10d", "size (B)", size, cfg["l1d.size"]))
print(string.format("%-14s %10d %10d", "ways", ways, cfg["l1d.ways"]))
print(string.format("%-14s %10d %10d", "sets", sets,
                    cfg["l1d.size"] // (cfg["l1d.line"] * cfg["l1d.ways"])))
print(string.format("set count confirmed (capacity + %d lines: every load misses;"
                    .. " capacity + %d lines: %d misses): %s", sets, sets - 1,
                    (sets - 1) * (ways + 1), (all_miss and some_hit) and "yes" or "no"))

ws.check(line == cfg["l1d.line"], string.format("line %d B, configured %d B", line, cfg["l1d.line"]))
if cfg["l1d.repl"] == "random" then
  -- A cyclic chase gives a clean miss count only with LRU or FIFO.
  print("l1d.repl = random: capacity and associativity are not checked")
  return
end
ws.check(size == cfg["l1d.size"], string.format("size %d B, configured %d B", size, cfg["l1d.size"]))
ws.check(ways == cfg["l1d.ways"], string.format("ways %d, configured %d", ways, cfg["l1d.ways"]))
ws.check(all_miss and some_hit, "the set count does not explain the misses")
