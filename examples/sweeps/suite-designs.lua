-- suite-designs.lua - every workload of the suite under every design and
-- preset configuration make test runs the examples with (tests/run.sh),
-- at the test size: each point checks its results, so the sweep says
-- whether a change keeps every workload correct everywhere.
--
--   warpscope sweep examples/sweeps/suite-designs.lua -j 2   (from the repo root)
--   ... --set workload.size=paper                            (hours)
--
-- 38 workloads x 25 configurations = 950 points, a few minutes of CPU.
local scen = {}
for _, n in ipairs{ "2mm", "3mm", "atax", "backprop", "bfs", "bicg", "btree", "conv2d",
                    "conv3d", "correlation", "covariance", "cutcp", "fdtd_2d", "gaussian", "gemm", "gesummv",
                    "gramschmidt", "histo", "hotspot", "jacobi_2d", "kmeans", "lud", "matrixmul", "mri_q",
                    "mvt", "nw", "pathfinder", "reduction", "saxpy", "scan", "sgemm", "spmv",
                    "srad", "stencil", "streamcluster", "syr2k", "syrk", "transpose" } do
  scen[#scen + 1] = "../suite/" .. n .. ".lua"
end

return {
  name = "suite-designs",
  scenarios = scen,
  fixed = { ["workload.size"] = "test" },
  cases = {
    { name = "teach", design = "baseline" },
    { name = "fermi", preset = "fermi" },
    { name = "cerf_lru-fair", design = "cerf", ["cerf.policy"] = "lru-fair" },
    { name = "cerf_lru-prioritized", design = "cerf", ["cerf.policy"] = "lru-prioritized" },
    { name = "cerf_ways-2_fermi", design = "cerf", ["cerf.ways"] = "2", preset = "fermi" },
    { name = "unified", design = "unified" },
    { name = "racetrack_preshift", design = "racetrack", ["racetrack.preshift"] = "true" },
    { name = "racetrack_fermi-rm_ports-2", design = "racetrack", preset = "fermi-rm", ["racetrack.ports"] = "2" },
    { name = "ideal-rf", design = "ideal-rf" },
    { name = "fuse_l1-sram", design = "fuse", ["fuse.variant"] = "l1-sram" },
    { name = "fuse_fa-sram", design = "fuse", ["fuse.variant"] = "fa-sram" },
    { name = "fuse_by-nvm_wb", design = "fuse", ["fuse.variant"] = "by-nvm", ["l1d.write_global"] = "back" },
    { name = "fuse_hybrid_wb", design = "fuse", ["fuse.variant"] = "hybrid", ["l1d.write_global"] = "back" },
    { name = "fuse_base-fuse_wt", design = "fuse", ["fuse.variant"] = "base-fuse", ["l1d.write_global"] = "through" },
    { name = "fuse_fa-fuse", design = "fuse", ["fuse.variant"] = "fa-fuse" },
    { name = "fuse_dy-fuse_fermi-fuse", design = "fuse", ["fuse.variant"] = "dy-fuse", preset = "fermi-fuse" },
    { name = "tinycache", design = "tinycache" },
    { name = "tinycache_bypass_shared", design = "tinycache", ["tinycache.policy"] = "bypass_shared", preset = "fermi-tc" },
    { name = "tinycache_bypass_global", design = "tinycache", ["tinycache.policy"] = "bypass_global", ["tinycache.fence"] = "ignore" },
    { name = "ltrf_bl", design = "ltrf", ["ltrf.variant"] = "bl" },
    { name = "ltrf_rfc_two-level", design = "ltrf", ["ltrf.variant"] = "rfc", ["sched.policy"] = "two-level" },
    { name = "ltrf_2active_leave-miss", design = "ltrf", ["ltrf.variant"] = "ltrf", ["sched.policy"] = "two-level", ["sched.active_warps"] = "2", ["sched.leave_on"] = "miss", ["sched.refill"] = "skip-memory" },
    { name = "ltrfp_1active", design = "ltrf", ["ltrf.variant"] = "ltrf+", ["sched.policy"] = "two-level", ["sched.active_warps"] = "1" },
    { name = "ltrf_ideal_fermi", design = "ltrf", ["ltrf.variant"] = "ideal", preset = "fermi" },
    { name = "ltrfp_maxwell-ltrf_c6", design = "ltrf", ["ltrf.variant"] = "ltrf+", preset = "maxwell-ltrf", ["sm.count"] = "2", ["ltrf.main_config"] = "6" },
  },
  columns = { "cycles", "warp_instructions", "ipc" },
}
