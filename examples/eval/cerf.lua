-- cerf.lua - the CERF paper's experiments (seed 000, section V;
-- docs/designs/cerf.md) on the workload suite at the paper's sizes, on its
-- machine (preset fermi, Table I). `make eval` runs it (docs/eval.md):
--
--   warpscope sweep examples/eval/cerf.lua -j 2      (from the repo root)
--
-- What the paper measured, and the case each needs:
--   Fig. 7   CPI of the 128 KB integrated memory, LRU-fair and
--            LRU-prioritized, over the 16 KB L1D baseline      cerf-fair, cerf-prio / l1-16k
--   Fig. 8   associativity 2, 4, 8                             cerf-2way, cerf-fair, cerf-8way
--   Fig. 9   baselines with a 48 and 64 KB L1D                 l1-48k, l1-64k
--   Fig. 10  the unified memory (split at each launch)         unified
--   Fig. 11  on-chip utilisation (onchip.utilization)
--   Fig. 12  L1D hit rates; Fig. 13 r<->r, r<->c, c<->c interference;
--   Fig. 14  bank conflicts; Fig. 15 energy
-- Workloads: Table II's that the suite has: 13 of its 20 (bicg, bfs,
-- fdtd-2d, gaussian, gemm, gramschmidt, kmeans, matrixMul, mvt, nw,
-- pathfinder, streamcluster, syrk; "syrc" read as syrk). Not in the suite:
-- binomialOptions, fft, dct8x8, mergeSort, MUM, quasirandomGenerator,
-- srtd. Table II's cache sensitivity: bicg, bfs, gemm, mvt, streamcluster
-- and syrk high, the others low.
local ev = require "eval"

local workloads = { "bicg", "bfs", "fdtd_2d", "gaussian", "gemm", "gramschmidt",
                    "kmeans", "matrixmul", "mvt", "nw", "pathfinder",
                    "streamcluster", "syrk" }
local sensitive = { bicg = true, bfs = true, gemm = true, mvt = true,
                    streamcluster = true, syrk = true }
local scenarios = {}
for _, w in ipairs(workloads) do
  scenarios[#scenarios + 1] = "../suite/" .. w .. ".lua"
end

local function cpi(t) return t.cycles / t.warp_instructions end

-- What the paper reports in its text (Figs. 7-15 give per-benchmark bars
-- without numbers).
local function against_paper(w, gm)
  local function ratio(a, b, only)
    local v = {}
    for _, k in ipairs(w.order) do
      local t = w.by[k]
      if t[a] and t[b] and (not only or only[k]) then
        v[#v + 1] = cpi(t[a]) / cpi(t[b])
      end
    end
    return ev.geomean(v)
  end
  local function util(c)
    local v = {}
    for _, k in ipairs(w.order) do
      local t = w.by[k]
      if t[c] and t["l1-16k"] then
        v[#v + 1] = t[c]["onchip.utilization"] / t["l1-16k"]["onchip.utilization"]
      end
    end
    return ev.geomean(v)
  end
  local function energy(c, only)
    local v = {}
    for _, k in ipairs(w.order) do
      local t = w.by[k]
      if t[c] and t["l1-16k"] and (not only or only[k]) then
        v[#v + 1] = t[c]["energy_pj.total"] / t["l1-16k"]["energy_pj.total"]
      end
    end
    return ev.geomean(v)
  end
  print("### Against the paper\n")
  ev.table({ "measure", "paper", "here (geomean)" }, {
    { "CPI, cerf LRU-fair / 16 KB L1D baseline", "about 0.70 (30% lower on average)", gm["cerf-fair"] },
    { "CPI, cerf LRU-prioritized / 16 KB L1D baseline", "about 0.70 (almost the same as fair)", gm["cerf-prio"] },
    { "CPI, cerf 4-way / 48 KB L1D baseline", "below 1 (cerf beats Fermi's 48 KB L1D)", ratio("cerf-fair", "l1-48k") },
    { "CPI, cerf 4-way / 64 KB L1D baseline", "below 1 in many cases", ratio("cerf-fair", "l1-64k") },
    { "CPI, cerf / unified, cache-sensitive workloads", "about 0.75 (25% better)", ratio("cerf-fair", "unified", sensitive) },
    { "CPI, cerf 2-way / 4-way", "above 1 (higher associativity is better)", ratio("cerf-2way", "cerf-fair") },
    { "CPI, cerf 8-way / 4-way", "at most slightly below 1 (little beyond 4-8 ways)", ratio("cerf-8way", "cerf-fair") },
    { "on-chip utilisation, cerf / baseline", "above 1.5 (over 50% higher)", util("cerf-fair") },
    { "energy, cerf / baseline, cache-sensitive", "below 0.6 (over 40% lower)", energy("cerf-fair", sensitive) },
    { "energy, cerf / baseline, all", "below 1", energy("cerf-fair") },
  })
end

return {
  name = "cerf",
  scenarios = scenarios,
  cases = {
    { name = "l1-16k", design = "baseline" },
    -- the larger L1Ds have 64 sets of 128 B, as GPGPU-Sim's 48 KB Fermi L1
    -- (dl1 64:128:6): 6 and 8 ways, so fermi's set-index hash (defined for
    -- 32 or 64 sets) applies to them too
    { name = "l1-48k", design = "baseline", ["l1d.size"] = "48K", ["l1d.ways"] = 6 },
    { name = "l1-64k", design = "baseline", ["l1d.size"] = "64K", ["l1d.ways"] = 8 },
    { name = "unified", design = "unified" },
    { name = "cerf-fair", design = "cerf", ["cerf.policy"] = "lru-fair" },
    { name = "cerf-prio", design = "cerf", ["cerf.policy"] = "lru-prioritized" },
    { name = "cerf-2way", design = "cerf", ["cerf.ways"] = "2" },
    { name = "cerf-8way", design = "cerf", ["cerf.ways"] = "8" },
  },
  fixed = { preset = "fermi", ["workload.size"] = "paper" },
  columns = {
    "cycles", "warp_instructions", "ipc", "l1d.hit_rate", "onchip.utilization",
    "cerf.utilization", "cerf.static_holes", "cerf.dynamic_holes",
    "cerf.register_hit_rate", "cerf.spills", "cerf.fills",
    "cerf.interference.rr_rate", "cerf.interference.rc_rate",
    "cerf.interference.cc_rate", "rf.bank_conflicts", "energy_pj.total",
    "unified.l1d_bytes",
  },
  report = function(rows)
    local w = ev.workloads(rows)
    local cases = { "l1-16k", "l1-48k", "l1-64k", "unified", "cerf-fair",
                    "cerf-prio", "cerf-2way", "cerf-8way" }
    print("### CPI relative to the 16 KB L1D baseline (Figs. 7-10; lower is better)\n")
    local t, gm = ev.normalised(w, cases, "l1-16k", cpi)
    local head = { "workload" }
    for i, c in ipairs(cases) do head[i + 1] = c end
    ev.table(head, t)
    against_paper(w, gm)
    print("### L1D hit rate, utilisation, interference (Figs. 11-13; cerf LRU-fair)\n")
    local r = {}
    for _, k in ipairs(w.order) do
      local b, c = w.by[k]["l1-16k"], w.by[k]["cerf-fair"]
      if b and c then
        r[#r + 1] = { k, b["l1d.hit_rate"], c["l1d.hit_rate"], b["onchip.utilization"],
                      c["onchip.utilization"], c["cerf.static_holes"], c["cerf.dynamic_holes"],
                      c["cerf.interference.rr_rate"], c["cerf.interference.rc_rate"],
                      c["cerf.interference.cc_rate"], c["cerf.spills"],
                      c["rf.bank_conflicts"] / math.max(1, b["rf.bank_conflicts"]) }
      end
    end
    ev.table({ "workload", "L1D hit 16 KB", "hit cerf", "util. baseline", "util. cerf",
               "static holes", "dynamic holes", "r<->r", "r<->c", "c<->c", "spills",
               "bank conflicts cerf / baseline" }, r, 4)
    ev.failures(w)
  end,
  plots = {
    { name = "cpi", y = "cycles", baseline = "l1-16k",
      ylabel = "cycles relative to the 16 KB L1D baseline",
      title = "CERF (seed 000), fermi: lower is better" },
    { name = "utilisation", y = "onchip.utilization", absolute = true,
      ylabel = "on-chip memory utilisation",
      where = { case = "l1-16k|cerf-fair" } },
    { name = "l1d-hit-rate", y = "l1d.hit_rate", absolute = true,
      ylabel = "L1D hit rate" },
  },
}
