-- racetrack.lua - the experiments of docs/designs/racetrack.md: the SRAM
-- register file of seed 001 (design baseline, 128 KB) against the
-- racetrack register file (design racetrack, 256 KB) on every example
-- kernel, preset fermi-rm (the paper's GTX480 configuration).
--
--   warpscope sweep examples/sweeps/racetrack.lua -j 1
--
-- Two studies; pick one with `study` below (the output directories
-- differ, so both can be kept):
--
-- "framework": baseline, and racetrack with the direct or the optimized
--   register mapping, preshifting off or on. The optimized mapping is the
--   two-pass flow: a racetrack.mapping = direct point records each
--   launch's register move counts in racetrack.profile_dir and the
--   mapping Algorithms 1-2 choose from them; the optimized point of the
--   same configuration reads that mapping back. Points run in file order
--   with the direct point first, so run this study with -j 1 (with more
--   jobs an optimized point can start before its direct twin has written
--   the profile: it then falls back to the direct mapping and says so in
--   racetrack.mapping_fallbacks; delete its JSON and run the sweep again).
--   The baseline is listed once per racetrack setting (the racetrack keys
--   do not touch it; four identical baseline points per kernel).
--
-- "tlp": the profiles of the TLP optimisation (seed 001 section 4.2) for
--   N = 1..8 resident CTAs per SM (sm.ctas_limit): P_cache(N) with zero
--   shift cost (racetrack.ports = racetrack.domains = 64), P_ideal(N) with
--   zero shift cost and an L1D that always hits (l1d.perfect), P_RM(N)
--   with the real tapes and the perfect L1D, and the plain racetrack run
--   at each N. docs/designs/racetrack.md computes P(N) = P_cache(N) -
--   (P_ideal(N) - P_RM(N)) from results.csv and picks N.
local study = "framework"

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
}

if study == "tlp" then
  local ns = {}
  for n = 1, 8 do ns[#ns + 1] = n end
  return {
    name = "racetrack-tlp",
    scenarios = scenarios,
    set = {
      ["sm.ctas_limit"] = ns,
      ["racetrack.ports"] = { 8, 64 },      -- 64 = N_d: no shift ever
      ["l1d.perfect"] = { false, true },
    },
    fixed = { preset = "fermi-rm", design = "racetrack", ["mem.limit"] = "64M" },
    columns = columns,
  }
end

return {
  name = "racetrack",
  scenarios = scenarios,
  set = {
    design = { "baseline", "racetrack" },
    ["racetrack.mapping"] = { "direct", "optimized" },
    ["racetrack.preshift"] = { false, true },
  },
  fixed = {
    preset = "fermi-rm",
    ["racetrack.profile_dir"] = "sweeps/racetrack/profiles",
    ["mem.limit"] = "64M",
  },
  columns = columns,
}
