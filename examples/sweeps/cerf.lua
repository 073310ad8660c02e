-- cerf.lua - the CERF comparison (docs/designs/cerf.md) on every example
-- kernel, on the fermi machine (CERF Table I):
--
--   warpscope sweep examples/sweeps/cerf.lua -j 2        (from the repo root)
--
-- Eight configurations, each a small preset in examples/sweeps/cerf/ (a
-- preset value that is a path is relative to where the sweep runs):
-- the separate baseline with a 16, 48 and 64 KB L1D next to the 128 KB
-- register file; `unified` (128 KB split at each launch); cerf with 128 KB
-- lru-fair and lru-prioritized at 4 ways, and lru-fair at 2 and 8 ways.
-- Results go to sweeps/cerf/results.csv.
local configs = {}
for _, c in ipairs{ "baseline-l1-16k", "baseline-l1-48k", "baseline-l1-64k",
                    "unified", "cerf-fair", "cerf-prioritized", "cerf-2way",
                    "cerf-8way" } do
  configs[#configs + 1] = "examples/sweeps/cerf/" .. c .. ".lua"
end

local scenarios = {}
for _, k in ipairs{ "atax", "bfs", "bicg", "conv2d", "divergence", "gemm",
                    "gemm_tiled", "histogram", "hotspot", "mvt", "pathfinder",
                    "reduce", "saxpy", "transpose", "transpose_tiled" } do
  scenarios[#scenarios + 1] = "../scenarios/" .. k .. ".lua"
end

return {
  name = "cerf",
  scenarios = scenarios,
  set = { preset = configs },
  columns = {
    "design",
    "cycles",
    "ipc",
    "l1d.hit_rate",
    "onchip.utilization",
    "rf.static_holes",
    "rf.dynamic_holes",
    "cerf.utilization",
    "cerf.cache_hit_rate",
    "cerf.spills",
    "cerf.fills",
    "cerf.interference.rr",
    "cerf.interference.rc",
    "cerf.interference.cc",
    "cerf.data_bank_conflicts",
    "unified.l1d_bytes",
    "energy_pj.total",
  },
}
