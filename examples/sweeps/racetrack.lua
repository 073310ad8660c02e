-- racetrack.lua - the experiments of docs/designs/racetrack.md: the SRAM
-- register file of seed 001 (design baseline, 128 KB) against the
-- racetrack register file (design racetrack, 256 KB) on every example
-- kernel, preset fermi-rm (the paper's GTX480 configuration).
--
--   warpscope sweep examples/sweeps/racetrack.lua -j 2
--
-- Two studies; pick one with `study` below (the output directories
-- differ, so both can be kept):
--
-- "framework": baseline, and racetrack with the direct or the optimized
--   register mapping, preshifting off or on. The optimized mapping is the
--   two-pass flow: a racetrack.mapping = direct point records each
--   launch's register move counts in racetrack.profile_dir and the
--   mapping Algorithms 1-2 choose from them; the optimized point of the
--   same configuration reads that mapping back, so it runs after its
--   direct twin (`after`; the cases are scripts/lua/eval.lua's, shared with
--   examples/eval/racetrack*.lua).
--   Its report prints the table of docs/designs/racetrack.md
--   (sweeps/racetrack/report.txt).
--
-- "tlp": the profiles of the TLP optimisation (seed 001 section 4.2) for
--   N = 1..8 resident CTAs per SM (sm.ctas_limit), as cases: P_cache(N)
--   with zero shift cost (racetrack.ports = racetrack.domains = 64),
--   P_ideal(N) with zero shift cost and an L1D that always hits
--   (l1d.perfect), P_RM(N) with the real tapes and the perfect L1D; the
--   SRAM file, the plain racetrack run and the racetrack run with the
--   optimized mapping and preshifting at each N. Its report prints the
--   per-N table, N* = argmax P(N) and the speed-ups with all three
--   techniques together (sweeps/racetrack-tlp/report.txt).
local study = "framework"
local ev = require "eval"

local scenarios = {
  "../scenarios/atax.lua", "../scenarios/bfs.lua", "../scenarios/bicg.lua",
  "../scenarios/conv2d.lua", "../scenarios/divergence.lua",
  "../scenarios/gemm.lua", "../scenarios/gemm_tiled.lua",
  "../scenarios/histogram.lua", "../scenarios/hotspot.lua",
  "../scenarios/mvt.lua", "../scenarios/pathfinder.lua",
  "../scenarios/reduce.lua", "../scenarios/saxpy.lua",
  "../scenarios/transpose.lua", "../scenarios/transpose_tiled.lua",
}

local columns = {
  "cycles", "ipc", "warp_instructions", "l1d.hit_rate", "rf.bank_conflicts",
  "energy_pj.rf", "energy_pj.rf_shift", "energy_pj.rf_write_buffer",
  "energy_pj.total", "launches.1.occupancy.ctas_per_sm",
  "racetrack.accesses", "racetrack.shifts", "racetrack.shift_stall_cycles",
  "racetrack.preshift_steps", "racetrack.shifts_per_access",
  "racetrack.direct_shifts_S", "racetrack.mapped_shifts_S",
  "racetrack.used_mapping_S", "racetrack.mapping_fallbacks",
  "racetrack.occupancy", "racetrack.occupancy_sram",
  "racetrack.occupancy_resident", "racetrack.occupancy_resident_sram",
}

if study == "tlp" then
  local ns = {}
  for n = 1, 8 do ns[#ns + 1] = n end
  return {
    name = "racetrack-tlp",
    scenarios = scenarios,
    set = { ["sm.ctas_limit"] = ns },
    cases = ev.racetrack_tlp_cases(),
    fixed = {
      preset = "fermi-rm", ["mem.limit"] = "64M",
      ["racetrack.profile_dir"] = "sweeps/racetrack-tlp/profiles",
    },
    columns = columns,
    -- P(N) = P_cache(N) - (P_ideal(N) - P_RM(N)) per scenario, N* its
    -- argmax; then the speed-up over the SRAM file (at N = 8, no limit)
    -- of the racetrack file alone, with mapping and preshifting, and with
    -- all three techniques (the "all" run at N*).
    report = function(rows)
      local by, order = {}, {}
      for _, r in ipairs(rows) do
        local k = r.scenario:match("([^/]+)%.lua$")
        if not by[k] then by[k] = {}; order[#order + 1] = k end
        local n = tonumber(r.settings["sm.ctas_limit"])
        by[k][n] = by[k][n] or {}
        by[k][n][r.case] = r.exit == 0 and r.stats or nil
      end
      local function ipc(t, c) return t[c] and t[c].ipc end
      local g = { rm8 = 0, all8 = 0, rmN = 0, allN = 0 }
      local sh = { rm8 = 0, rmN = 0, allN = 0 }
      local count = 0
      print("P(N) = P_cache(N) - (P_ideal(N) - P_RM(N)), IPC; N* = argmax P(N)")
      for _, k in ipairs(order) do
        print(string.format("\n%s\n   N  P_cache  P_ideal     P_RM     P(N)   RM IPC  all IPC", k))
        local best, bestn = nil, nil
        for n = 1, 8 do
          local t = by[k][n] or {}
          local pc, pi, pr = ipc(t, "cache"), ipc(t, "ideal"), ipc(t, "rm_perfect_l1")
          local p = pc and pi and pr and pc - (pi - pr)
          if p and (not best or p > best) then best, bestn = p, n end
          local function f(v) return v and string.format("%8.3f", v) or "       -" end
          print(string.format("  %2d %s %s %s %s %s %s", n, f(pc), f(pi), f(pr), f(p),
                              f(ipc(t, "rm")), f(ipc(t, "all"))))
        end
        local s8, r8, a8 = by[k][8].sram, by[k][8].rm, by[k][8].all
        local tN = bestn and by[k][bestn] or {}
        if s8 and r8 and a8 and tN.rm and tN.all then
          local su = function(x) return s8.cycles / x.cycles end
          print(string.format("  N* = %d; speed-up over SRAM: RM %.3f, +mapping+preshift %.3f, at N* %.3f, all three %.3f",
                              bestn, su(r8), su(a8), su(tN.rm), su(tN.all)))
          g.rm8 = g.rm8 + math.log(su(r8)); g.all8 = g.all8 + math.log(su(a8))
          g.rmN = g.rmN + math.log(su(tN.rm)); g.allN = g.allN + math.log(su(tN.all))
          sh.rm8 = sh.rm8 + (r8["racetrack.shifts"] or 0)
          sh.rmN = sh.rmN + (tN.rm["racetrack.shifts"] or 0)
          sh.allN = sh.allN + (tN.all["racetrack.shifts"] or 0)
          count = count + 1
        else
          print("  (a point failed: no speed-up)")
        end
      end
      if count > 0 then
        local e = function(x) return math.exp(x / count) end
        print(string.format("\ngeomean speed-up over SRAM (%d scenarios): RM %.3f, +mapping+preshift %.3f, TLP at N* %.3f, all three %.3f",
                            count, e(g.rm8), e(g.all8), e(g.rmN), e(g.allN)))
        local pct = function(x) return sh.rm8 > 0 and 100 * x / sh.rm8 or 0 end
        print(string.format("shift steps: RM at N = 8 %d, RM at N* %d (%.1f%%), all three %d (%.1f%%)",
                            sh.rm8, sh.rmN, pct(sh.rmN), sh.allN, pct(sh.allN)))
      end
    end,
  }
end

-- The framework study as cases (scripts/lua/eval.lua).
return {
  name = "racetrack",
  scenarios = scenarios,
  cases = ev.racetrack_cases(),
  fixed = {
    preset = "fermi-rm",
    ["racetrack.profile_dir"] = "sweeps/racetrack/profiles",
    ["mem.limit"] = "64M",
  },
  columns = columns,
  -- Per scenario: SRAM cycles, the speed-up (SRAM cycles / racetrack
  -- cycles) of each racetrack case, occupancy (the limit, and the warps
  -- resident at once), shifts per access and the shift counts S of the
  -- direct and optimized mapping on the plain run's trace, whole-GPU
  -- energy of "all" over SRAM; then geometric means, the register file's
  -- own energy and the shift steps each technique leaves.
  report = function(rows)
    local by, order = {}, {}
    for _, r in ipairs(rows) do
      local k = r.scenario:match("([^/]+)%.lua$")
      if not by[k] then by[k] = {}; order[#order + 1] = k end
      by[k][r.case] = r.exit == 0 and r.stats or nil
    end
    local cases = { "rm", "rm_preshift", "rm_mapping", "all" }
    local logs, steps, count = {}, {}, 0
    for _, c in ipairs(cases) do logs[c], steps[c] = 0, 0 end
    local rf = { sram = 0, rm = 0, all = 0 }
    local elog = 0
    local function rfe(t)
      return (t["energy_pj.rf"] or 0) + (t["energy_pj.rf_shift"] or 0) +
             (t["energy_pj.rf_write_buffer"] or 0)
    end
    print("speed-up = SRAM cycles / racetrack cycles; occupancy: limit SRAM->RM, resident at once SRAM->RM")
    print(string.format("%-16s %8s %6s %6s %6s %6s  %-9s %-9s %6s %17s %6s", "kernel",
                        "SRAM cyc", "RM", "+pre", "+map", "+both", "occ lim", "occ res",
                        "sh/acc", "S direct->mapped", "E/SRAM"))
    for _, k in ipairs(order) do
      local t = by[k]
      local ok = t.sram ~= nil
      for _, c in ipairs(cases) do ok = ok and t[c] ~= nil end
      if not ok then
        print(string.format("%-16s (a point failed)", k))
      else
        local su = {}
        for _, c in ipairs(cases) do
          su[c] = t.sram.cycles / t[c].cycles
          logs[c] = logs[c] + math.log(su[c])
          steps[c] = steps[c] + (t[c]["racetrack.shifts"] or 0)
        end
        local e = t.all["energy_pj.total"] / t.sram["energy_pj.total"]
        elog = elog + math.log(e)
        rf.sram = rf.sram + (t.sram["energy_pj.rf"] or 0)
        rf.rm = rf.rm + rfe(t.rm)
        rf.all = rf.all + rfe(t.all)
        count = count + 1
        local rm = t.rm
        print(string.format("%-16s %8d %6.3f %6.3f %6.3f %6.3f  %.2f->%.2f %.2f->%.2f %6.2f %8d->%-8d %6.2f",
                            k, t.sram.cycles, su.rm, su.rm_preshift, su.rm_mapping, su.all,
                            rm["racetrack.occupancy_sram"], rm["racetrack.occupancy"],
                            rm["racetrack.occupancy_resident_sram"],
                            rm["racetrack.occupancy_resident"],
                            rm["racetrack.shifts_per_access"],
                            rm["racetrack.direct_shifts_S"], rm["racetrack.mapped_shifts_S"], e))
      end
    end
    if count == 0 then return end
    local g = function(x) return math.exp(x / count) end
    print(string.format("%-16s %8s %6.3f %6.3f %6.3f %6.3f  %38s %6.2f", "geomean", "",
                        g(logs.rm), g(logs.rm_preshift), g(logs.rm_mapping), g(logs.all), "",
                        g(elog)))
    print(string.format("\nregister-file energy over SRAM's (sums over kernels): RM %.2f, RM + mapping + preshifting %.2f",
                        rf.rm / rf.sram, rf.all / rf.sram))
    print("\nshift steps after a grant, summed over kernels:")
    local names = { rm = "none (direct, no preshifting)", rm_preshift = "preshifting",
                    rm_mapping = "mapping (optimized)", all = "mapping + preshifting" }
    for _, c in ipairs(cases) do
      print(string.format("  %-32s %10d  %5.1f%% fewer than none; geomean speed-up %.3f",
                          names[c], steps[c],
                          steps.rm > 0 and 100 * (1 - steps[c] / steps.rm) or 0, g(logs[c])))
    end
  end,
}
