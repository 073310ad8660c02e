-- gemm_l1: the debugger's Lua library (scripts/lua/breaks.lua and
-- probes.lua) on the naive gemm of examples/scenarios/gemm.lua, headless:
--
--   build/warpscope run examples/debug/gemm_l1.lua [--probes gemm_l1.csv]
--
-- 1. Stops (ws.continue) on the N-th eviction from L1D set S and checks
--    that the line pushed out really mapped to set S, that it is gone from
--    the set and that the line which replaced it is there.
-- 2. Runs to the end and checks the library's counts against the run's
--    statistics: the sliding-window L1 hit rate (its window is longer than
--    the run, so it covers all of it) against l1d.hit_rate, the evictions
--    found in every set against l1d.evictions, the bank-conflict heat
--    against rf.per_bank[b].conflicts and the issued warp-instructions
--    against warp_instructions.
-- docs/debugger.md explains the library and the events it counts.
local breaks = require "breaks"
local probes = require "probes"

-- Written for the teach preset (one SM, a 4 KB 4-way LRU L1D: 8 sets;
-- global stores write-evict).
ws.config{ preset = "teach" }
if ws.config()["sim.mode"] ~= "timing" then
  print("gemm_l1: needs the cycle-level model (sim.mode = \"timing\"); nothing to check")
  return
end
local S, N = 3, 10                     -- stop on the 10th eviction from set 3

-- Probes (exported with --probes FILE.csv): the window of l1_hit_rate is a
-- million cycles, more than the whole run (about 63,000 cycles).
local _, hr = probes.l1_hit_rate{ every = 1000, window = 1000 * 1000 }
local _, ipc = probes.ipc{ every = 1000 }
local _, heat = probes.bank_heat{ every = 1000 }

-- Breakpoint: the N-th eviction from set S; and a counter for every set.
local ids, ev = breaks.l1_eviction{ set = S, n = N }
local geom = breaks.l1_geometry(0)     -- from the configuration: no kernel yet
local all = {}
for s = 0, geom.sets - 1 do
  local _, st = breaks.l1_eviction{ set = s, n = math.maxinteger }
  all[#all + 1] = st
end
local evict_events = 0                 -- l1.evict as the model emits it
ws.on("l1.evict", function() evict_events = evict_events + 1 end)

-- The naive gemm: 64 x 64 x 64, 16 x 16 blocks.
local M, NN, K = 64, 64, 64
local A, B, C = ws.alloc("f32", M * K), ws.alloc("f32", K * NN), ws.alloc("f32", M * NN)
A:write(function(i) return (i % 7) * 0.25 end)
B:write(function(i) return (i % 5) * 0.5 end)
local mod = ws.load_ptx("../kernels/gemm.ptx")
ws.launch(mod, "gemm", { grid = { NN // 16, M // 16 }, block = { 16, 16 },
                         args = { M, NN, K, A, B, C } })

-- 1. Run to the N-th eviction from set S.
local stop = ws.continue()
ws.check(stop.reason == "hook" and (stop.id == ids[1] or stop.id == ids[2]),
         "expected to stop in the eviction hook, got " .. stop.reason)
local e = ev.last
ws.check(ev.count == N and e.n == N, "stopped on eviction " .. tostring(ev.count))
ws.check(e.victim ~= nil, "the victim is known under LRU")
ws.check(breaks.l1_set(e.victim, geom) == S,
         string.format("victim 0x%x maps to set %d, not %d", e.victim,
                       breaks.l1_set(e.victim, geom), S))
local has = {}
for _, w in ipairs(ws.l1(0).sets_data[S + 1]) do
  if w.valid then has[w.addr] = true end
end
ws.check(not has[e.victim], "the victim is still in the set")
ws.check(e.line and has[e.line], "the line that came in is not in the set")
print(string.format("eviction %d from set %d at cycle %d (stopped at cycle %d): 0x%x out, 0x%x in",
                    N, S, e.cycle, stop.cycle, e.victim, e.line))

-- 2. Run to the end; compare with the statistics.
local st = ws.run()
local l1 = st.l1d
ws.check(hr.hits == l1.hits and hr.accesses() == l1.accesses,
         string.format("hits %d/%d, statistics %d/%d", hr.hits, hr.accesses(), l1.hits, l1.accesses))
ws.check(math.abs(hr.rate() - l1.hit_rate) < 1e-12, "whole-run hit rate")
ws.check(string.format("%.1f", 100 * hr.last) == string.format("%.1f", 100 * l1.hit_rate),
         string.format("window hit rate %.4f, statistics %.4f", hr.last, l1.hit_rate))
local evicted = 0
for _, s in ipairs(all) do evicted = evicted + s.count end
ws.check(evicted == l1.evictions,
         string.format("evictions found %d, statistics %d", evicted, l1.evictions))
for b = 0, st.rf.banks - 1 do
  ws.check(heat.total[b] == st.rf.per_bank[b + 1].conflicts, "conflicts of bank " .. b)
end
ws.check(ipc.issued == st.warp_instructions, "issued warp-instructions")
print(string.format("L1D hit rate: window %.4f, statistics %.4f; evictions %d (l1.evict events %d); IPC %.2f",
                    hr.last, l1.hit_rate, evicted, evict_events, ipc.issued / st.cycles))
