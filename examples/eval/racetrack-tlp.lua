-- racetrack-tlp.lua - the racetrack paper's TLP optimisation (seed 001,
-- section 4.2; docs/designs/racetrack.md "TLP optimisation"): for N = 1..8
-- resident CTAs per SM (sm.ctas_limit), P_cache(N) with no shift cost
-- (racetrack.ports = racetrack.domains = 64), P_ideal(N) with no shift
-- cost and an L1D that always hits, P_RM(N) with the real tapes and the
-- perfect L1D; P(N) = P_cache(N) - (P_ideal(N) - P_RM(N)) and N* = argmax.
-- Then the racetrack file alone and with mapping and preshifting, at N = 8
-- (no limit) and at N*. Preset fermi-rm, the paper's sizes; `make eval`
-- runs it after racetrack.lua (docs/eval.md). 7 cases x 8 values x the
-- workloads: the longest experiment.
local ev = require "eval"

local scenarios = { "../suite/hotspot.lua", "../suite/btree.lua",
                    "../suite/histo.lua" }
local ns = {}
for n = 1, 8 do ns[#ns + 1] = n end

return {
  name = "racetrack-tlp",
  scenarios = scenarios,
  set = { ["sm.ctas_limit"] = ns },
  cases = ev.racetrack_tlp_cases(),
  fixed = {
    preset = "fermi-rm", ["workload.size"] = "paper",
    ["racetrack.profile_dir"] = "eval/racetrack-profiles",
  },
  columns = { "cycles", "ipc", "racetrack.shifts", "racetrack.occupancy_resident" },
  report = function(rows)
    local by, order = {}, {}
    for _, r in ipairs(rows) do
      local k = r.scenario:match("([^/]+)%.lua$")
      if not by[k] then by[k] = {}; order[#order + 1] = k end
      local n = tonumber(r.settings["sm.ctas_limit"])
      by[k][n] = by[k][n] or {}
      by[k][n][r.case] = r.exit == 0 and r.stats or nil
    end
    print("### P(N) = P_cache(N) - (P_ideal(N) - P_RM(N)) in IPC, and N*\n")
    local best, su = {}, { rm8 = {}, all8 = {}, rmN = {}, allN = {} }
    local t = {}
    for _, k in ipairs(order) do
      local row, pbest, nbest = { k }, nil, nil
      for n = 1, 8 do
        local c = by[k][n] or {}
        local p
        if c.cache and c.ideal and c.rm_perfect_l1 then
          p = c.cache.ipc - (c.ideal.ipc - c.rm_perfect_l1.ipc)
          if not pbest or p > pbest then pbest, nbest = p, n end
        end
        row[n + 1] = p
      end
      row[10] = nbest
      best[k] = nbest
      t[#t + 1] = row
      local s8, nb = by[k][8] or {}, nbest and by[k][nbest] or {}
      if s8.sram then
        su.rm8[#su.rm8 + 1] = s8.rm and s8.sram.cycles / s8.rm.cycles
        su.all8[#su.all8 + 1] = s8.all and s8.sram.cycles / s8.all.cycles
        su.rmN[#su.rmN + 1] = nb.rm and s8.sram.cycles / nb.rm.cycles
        su.allN[#su.allN + 1] = nb.all and s8.sram.cycles / nb.all.cycles
      end
    end
    ev.table({ "workload", "N=1", "2", "3", "4", "5", "6", "7", "8", "N*" }, t)
    print("### Speed-up over SRAM (at N = 8, no limit)\n")
    ev.table({ "measure", "paper", "here (geomean)" }, {
      { "racetrack file, N = 8", "-", ev.geomean(su.rm8) },
      { "with mapping and preshifting, N = 8", "-", ev.geomean(su.all8) },
      { "racetrack file at N*", "-", ev.geomean(su.rmN) },
      { "all three techniques (N*)", "1.21 on average, up to 1.29", ev.geomean(su.allN) },
    })
  end,
  plots = {
    { name = "ipc-by-n", y = "ipc", x = "sm.ctas_limit", group = "scenario", lines = true,
      where = { case = "rm" }, ylabel = "IPC of the racetrack file",
      title = "Racetrack (seed 001): IPC over resident CTAs per SM" },
  },
}
