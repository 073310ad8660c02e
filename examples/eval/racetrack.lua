-- racetrack.lua - the racetrack register file paper's main experiment
-- (seed 001, section 5; docs/designs/racetrack.md) on the workload suite
-- at the paper's sizes, on its GTX480 machine (preset fermi-rm, Tables 2
-- and 3). `make eval` runs it (docs/eval.md); racetrack-tlp.lua is the
-- TLP profile.
--
-- Fig. 11(a) performance over the 128 KB SRAM register file, Fig. 12
-- occupancy, Fig. 11(b)(d)(e) shift operations with each technique on and
-- off, Fig. 11(c) energy. Cases: sram (design baseline), rm (the 256 KB
-- racetrack file, direct mapping), rm_preshift, rm_mapping (optimized
-- mapping from rm's recorded profile: `after` makes it wait for rm) and
-- all (mapping and preshifting; the TLP step is racetrack-tlp.lua's).
-- Workloads: Table 1's that the suite has (hotspot, b+tree, histo, whose
-- histo_main and histo_final are Table 1's two histo kernels); Parboil's
-- mri-gridding is not in the suite.
-- The profiles the optimized mapping reads go to eval/racetrack-profiles
-- (relative to where the sweep runs: the repository root for make eval);
-- a profile is keyed by the whole configuration, sizes included.
local ev = require "eval"

local scenarios = { "../suite/hotspot.lua", "../suite/btree.lua",
                    "../suite/histo.lua" }
local cases = { "rm", "rm_preshift", "rm_mapping", "all" }

local function speedups(w)
  local rows, per = {}, {}
  for _, c in ipairs(cases) do per[c] = {} end
  for _, k in ipairs(w.order) do
    local t = w.by[k]
    local row = { k, t.sram and t.sram.cycles }
    for i, c in ipairs(cases) do
      if t.sram and t[c] then
        row[i + 2] = t.sram.cycles / t[c].cycles
        per[c][#per[c] + 1] = row[i + 2]
      end
    end
    local rm = t.rm or {}
    row[#cases + 3] = rm["racetrack.occupancy_sram"]
    row[#cases + 4] = rm["racetrack.occupancy"]
    row[#cases + 5] = rm["racetrack.shifts_per_access"]
    rows[#rows + 1] = row
  end
  local g = { "**geomean**", nil }
  for i, c in ipairs(cases) do g[i + 2] = ev.geomean(per[c]) end
  rows[#rows + 1] = g
  return rows, g
end

-- Sums over workloads of a statistic of one case.
local function sum(w, case, key)
  local s = 0
  for _, k in ipairs(w.order) do
    local t = w.by[k][case]
    s = s + (t and t[key] or 0)
  end
  return s
end

local function rf_energy(t)
  return (t["energy_pj.rf"] or 0) + (t["energy_pj.rf_shift"] or 0) +
         (t["energy_pj.rf_write_buffer"] or 0)
end

local function against_paper(w, g)
  local occ_s, occ_r, e = {}, {}, { sram = 0, all = 0 }
  for _, k in ipairs(w.order) do
    local t = w.by[k]
    if t.rm then
      occ_s[#occ_s + 1] = t.rm["racetrack.occupancy_resident_sram"]
      occ_r[#occ_r + 1] = t.rm["racetrack.occupancy_resident"]
    end
    if t.sram and t.all then
      e.sram = e.sram + (t.sram["energy_pj.rf"] or 0)
      e.all = e.all + rf_energy(t.all)
    end
  end
  local none = sum(w, "rm", "racetrack.shifts")
  local function cut(c)
    return none > 0 and sum(w, c, "racetrack.shifts") / none or nil
  end
  local function share(p, m)
    if not p or not m or p + m >= 2 then return nil end
    local a, b = 1 - p, 1 - m
    return string.format("%.0f%% : %.0f%%", 100 * a / (a + b), 100 * b / (a + b))
  end
  print("### Against the paper\n")
  ev.table({ "measure", "paper", "here" }, {
    { "speed-up over SRAM, all techniques (geomean)", "1.21 on average, up to 1.29", g[#cases + 2] },
    { "occupancy (resident warps / 48), SRAM -> racetrack, mean", "46.6% -> 80.0%",
      string.format("%s -> %s", ev.fmt(ev.mean(occ_s)), ev.fmt(ev.mean(occ_r))) },
    { "shift steps with mapping and preshifting / without", "0.41 with TLP too", cut("all") },
    { "share of the cut, preshifting : mapping", "24% : 76% (17% : 53%, TLP 30%)",
      share(cut("rm_preshift"), cut("rm_mapping")) },
    { "register-file energy, racetrack (all) / SRAM", "0.57 (33-53% lower)",
      e.sram > 0 and e.all / e.sram or nil },
  })
end

return {
  name = "racetrack",
  scenarios = scenarios,
  cases = ev.racetrack_cases(),
  fixed = {
    preset = "fermi-rm", ["workload.size"] = "paper",
    ["racetrack.profile_dir"] = "eval/racetrack-profiles",
  },
  columns = {
    "cycles", "ipc", "warp_instructions", "energy_pj.rf", "energy_pj.rf_shift",
    "energy_pj.rf_write_buffer", "energy_pj.total", "racetrack.shifts",
    "racetrack.shifts_per_access", "racetrack.shift_stall_cycles",
    "racetrack.preshift_steps", "racetrack.direct_shifts_S",
    "racetrack.mapped_shifts_S", "racetrack.mapping_fallbacks",
    "racetrack.occupancy", "racetrack.occupancy_sram",
    "racetrack.occupancy_resident", "racetrack.occupancy_resident_sram",
  },
  report = function(rows)
    local w = ev.workloads(rows)
    print("### Speed-up over the SRAM register file (Fig. 11(a)) and occupancy (Fig. 12)\n")
    local t, g = speedups(w)
    ev.table({ "workload", "SRAM cycles", "RM", "+preshift", "+mapping",
               "+mapping+preshift", "occupancy limit SRAM", "RM", "shifts/access" }, t)
    against_paper(w, g)
    ev.failures(w)
  end,
  plots = {
    { name = "speedup", y = "cycles", baseline = "sram",
      ylabel = "cycles relative to the SRAM register file (lower is faster)",
      title = "Racetrack register file (seed 001), fermi-rm" },
    { name = "shifts", y = "racetrack.shifts", baseline = "rm",
      where = { case = "rm|rm_preshift|rm_mapping|all" },
      ylabel = "shift steps relative to the plain racetrack file" },
  },
}
