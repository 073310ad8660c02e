-- example.lua - a small design-space sweep over the example scenarios.
--
--   warpscope sweep examples/sweeps/example.lua -j 4
--
-- runs 4 scenarios x 2 presets x 3 values of sm.count = 24 points, one
-- `warpscope run` process each, and writes sweeps/example/results.csv (one
-- row per point) and sweeps/example/sweep.json. Run it again and it only
-- collects; delete a point's JSON and only that point runs again.
-- docs/sweeps.md describes every key; the file is Lua, so lists can be
-- computed.
local sms = {}
for k = 0, 2 do sms[#sms + 1] = 1 << k end          -- 1, 2, 4 SMs

return {
  -- The output directory is sweeps/<name>/ (or --out DIR).
  name = "example",

  -- Paths are relative to this file; points run in this order.
  scenarios = {
    "../scenarios/saxpy.lua",         -- coalesced streaming
    "../scenarios/reduce.lua",        -- shared memory and barriers
    "../scenarios/bfs.lua",           -- 17 launches of irregular work
    "../scenarios/gemm_tiled.lua",    -- tiled, shared-memory reuse
  },

  -- Every combination of these values is a point (keys in sorted order,
  -- values in list order). Any key of `warpscope --help config`.
  set = {
    preset = { "teach", "fermi" },
    ["sm.count"] = sms,
  },

  -- Applied to every point.
  fixed = {
    ["mem.limit"] = "64M",
  },

  -- The statistics to put in results.csv: dotted paths into each point's
  -- JSON (numbers index arrays from 1). Leave `columns` out to get every
  -- top-level number (cycles, warp_instructions, thread_instructions,
  -- ipc, thread_ipc).
  columns = {
    "cycles",
    "ipc",
    "warp_instructions",
    "l1d.hit_rate",
    "rf.bank_conflicts",
    "energy_pj.total",
    "launches.1.occupancy.ctas_per_sm",
    "config_hash",
  },
}
