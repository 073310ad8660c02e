-- fuse.lua - the FUSE paper's experiment (seed 003, section V, Figs. 13-17;
-- docs/designs/fuse.md) on the workload suite at the paper's sizes, on its
-- machine (preset fermi-fuse, Table I). `make eval` runs it (docs/eval.md):
--
--   warpscope sweep examples/eval/fuse.lua -j 2      (from the repo root)
--
-- Cases: the seven L1Ds of Table I (fuse.variant), plus fa-fuse and dy-fuse
-- with 64 counters per counting Bloom filter (the figure of section V-C's
-- area discussion; section IV-C's 16 are the default).
-- What the paper measured: Fig. 13 IPC normalised to l1-sram; Fig. 14 L1D
-- misses; Fig. 15 L1 stalls (STT-MRAM writes, tag search); Fig. 16 the
-- predictor's accuracy; Fig. 17 L1D energy; and off-chip references.
-- Workloads: the 14 of the paper's 21 benchmarks that the suite has, the
-- irregular, read-intensive ones that drive its averages first (ATAX, BICG,
-- MVT, GEMM), then 2MM, 3MM, GESUMMV, SYR2K, 2DCONV, FDTD-2D, pathf, histo,
-- gaussian and srad (Rodinia's second version; the paper ran srad_v1).
-- Not in the suite: cfd, mri-g (the suite's mri-q is another kernel) and
-- the five Mars workloads.
local ev = require "eval"

local workloads = { "atax", "bicg", "mvt", "gemm", "2mm", "3mm", "gesummv",
                    "syr2k", "conv2d", "fdtd_2d", "pathfinder", "histo",
                    "gaussian", "srad" }
local irregular = { atax = true, bicg = true, mvt = true }
local scenarios = {}
for _, w in ipairs(workloads) do
  scenarios[#scenarios + 1] = "../suite/" .. w .. ".lua"
end

local variants = { "l1-sram", "fa-sram", "by-nvm", "hybrid", "base-fuse",
                   "fa-fuse", "dy-fuse" }
local cases, names = {}, {}
for _, v in ipairs(variants) do
  cases[#cases + 1] = { name = v, ["fuse.variant"] = v }
end
cases[#cases + 1] = { name = "fa-fuse-cbf64", ["fuse.variant"] = "fa-fuse",
                      ["fuse.cbf_counters"] = 64 }
cases[#cases + 1] = { name = "dy-fuse-cbf64", ["fuse.variant"] = "dy-fuse",
                      ["fuse.cbf_counters"] = 64 }
for i, c in ipairs(cases) do names[i] = c.name end

local function l1_energy(s)
  return (s["energy_pj.fuse_sram"] or 0) + (s["energy_pj.fuse_stt"] or 0)
end

-- A table of value(stats) / value(l1-sram's stats) per workload and case,
-- with the geometric means over all workloads and over the irregular ones.
local function relative(w, title, value)
  print("### " .. title .. "\n")
  local rows, gm = ev.normalised(w, names, "l1-sram", value)
  local irr = {}
  for _, c in ipairs(names) do irr[c] = {} end
  for _, r in ipairs(rows) do
    if irregular[r[1]] then
      for i, c in ipairs(names) do irr[c][#irr[c] + 1] = r[i + 1] end
    end
  end
  local g = { "**geomean, atax bicg mvt**" }
  for i, c in ipairs(names) do g[i + 1] = ev.geomean(irr[c]) end
  rows[#rows + 1] = g
  local head = { "workload" }
  for i, c in ipairs(names) do head[i + 1] = c end
  ev.table(head, rows)
  return gm, g
end

-- A table of a raw statistic per workload and case.
local function raw(w, title, key, digits)
  print("### " .. title .. "\n")
  local rows = {}
  for _, k in ipairs(w.order) do
    local row = { k }
    for i, c in ipairs(names) do
      row[i + 1] = w.by[k][c] and w.by[k][c][key]
    end
    rows[#rows + 1] = row
  end
  local head = { "workload" }
  for i, c in ipairs(names) do head[i + 1] = c end
  ev.table(head, rows, digits)
end

local function report(rows)
  local w = ev.workloads(rows)
  local ipc, ipc_irr = relative(w, "IPC relative to l1-sram (Fig. 13; higher is better)",
                                function(s) return s.ipc end)
  local miss = relative(w, "L1D misses relative to l1-sram (Fig. 14)",
                        function(s) return s["l1d.misses"] end)
  local l2 = relative(w, "Requests to L2 relative to l1-sram (off-chip references)",
                      function(s) return s["l2.accesses"] end)
  local en = relative(w, "L1D energy relative to l1-sram (Fig. 17)", l1_energy)
  print("### Against the paper\n")
  local col = {}
  for i, c in ipairs(names) do col[c] = i + 1 end
  ev.table({ "measure", "paper", "here (geomean, all; atax bicg mvt)" }, {
    { "IPC, fa-sram / l1-sram", "1.63 on the read-intensive, irregular ones",
      ev.fmt(ipc["fa-sram"]) .. "; " .. ev.fmt(ipc_irr[col["fa-sram"]]) },
    { "IPC, by-nvm / l1-sram", "1.41 on the same; 0.57 on 2MM, 3MM",
      ev.fmt(ipc["by-nvm"]) .. "; " .. ev.fmt(ipc_irr[col["by-nvm"]]) },
    { "IPC, hybrid / l1-sram", "0.77", ev.fmt(ipc.hybrid) },
    { "IPC, base-fuse / hybrid", "1.11", ev.fmt(ipc["base-fuse"] / ipc.hybrid) },
    { "IPC, fa-fuse / hybrid", "3.06", ev.fmt(ipc["fa-fuse"] / ipc.hybrid) ..
      " (64 counters: " .. ev.fmt(ipc["fa-fuse-cbf64"] / ipc.hybrid) .. ")" },
    { "IPC, dy-fuse / l1-sram", "3.17 (+217%)", ev.fmt(ipc["dy-fuse"]) ..
      "; " .. ev.fmt(ipc_irr[col["dy-fuse"]]) .. " (64 counters: " ..
      ev.fmt(ipc["dy-fuse-cbf64"]) .. ")" },
    { "IPC, dy-fuse / hybrid", "4.98", ev.fmt(ipc["dy-fuse"] / ipc.hybrid) },
    { "L1D misses, fa-sram / l1-sram", "0.71", ev.fmt(miss["fa-sram"]) },
    { "L1D misses, hybrid / l1-sram", "0.78 (the FUSEs the same)", ev.fmt(miss.hybrid) },
    { "L1D misses, fa-fuse / l1-sram", "down to 0.14", ev.fmt(miss["fa-fuse"]) },
    { "requests to L2, dy-fuse / l1-sram", "0.68", ev.fmt(l2["dy-fuse"]) },
    { "L1D energy, dy-fuse / l1-sram", "0.47", ev.fmt(en["dy-fuse"]) },
    { "L1D energy, fa-fuse / by-nvm", "0.84", ev.fmt(en["fa-fuse"] / en["by-nvm"]) },
    { "L1D energy, dy-fuse / by-nvm", "0.76", ev.fmt(en["dy-fuse"] / en["by-nvm"]) },
  })
  raw(w, "L1 stall cycles on STT-MRAM writes, summed over SMs (Fig. 15)",
      "fuse.stall_cycles.stt_write")
  raw(w, "L1 stall cycles with the tag queue full (Fig. 15: tag search)",
      "fuse.stall_cycles.tag_queue")
  raw(w, "Rows polled per tag search", "fuse.tag_search.rows_per_search", 2)
  raw(w, "CBF false-positive rate", "fuse.cbf.false_positive_rate", 4)
  raw(w, "Predictor: share of placed blocks scored true (Fig. 16)",
      "fuse.accuracy.true_share")
  raw(w, "Predictor: share scored false (Fig. 16)", "fuse.accuracy.false_share")
  raw(w, "Loads bypassing the L1 (WORO)", "fuse.bypassed_loads")
  raw(w, "Tag-queue flushes per request", "fuse.tag_queue.flush_rate", 6)
  ev.failures(w)
end

return {
  name = "fuse",
  scenarios = scenarios,
  fixed = { preset = "fermi-fuse", design = "fuse", ["workload.size"] = "paper" },
  cases = cases,
  columns = {
    "cycles", "ipc", "warp_instructions",
    "l1d.accesses", "l1d.hits", "l1d.misses", "l1d.hit_rate",
    "l2.accesses", "dram.reads", "dram.writes",
    "energy_pj.fuse_sram", "energy_pj.fuse_stt", "energy_pj.total",
    "fuse.hit_rate", "fuse.sram_hit_rate", "fuse.stt_hit_rate",
    "fuse.stall_cycles.total", "fuse.stall_cycles.stt_write",
    "fuse.stall_cycles.tag_queue", "fuse.stall_cycles.swap_buffer",
    "fuse.stall_cycles.flush", "fuse.stall_cycles.mshr",
    "fuse.stall_cycles.miss_queue",
    "fuse.tag_search.rows_per_search", "fuse.tag_search.wait_cycles",
    "fuse.cbf.false_positive_rate", "fuse.stt_wait_cycles",
    "fuse.fill_wait_cycles",
    "fuse.migrations.sram_to_stt", "fuse.migrations.stt_to_sram",
    "fuse.migrations.stt_to_sram_by_store",
    "fuse.migrations.stt_to_sram_predicted_wm",
    "fuse.bypassed_loads", "fuse.bypassed_stores", "fuse.sram_victims_to_l2",
    "fuse.predictions.wm", "fuse.predictions.worm", "fuse.predictions.woro",
    "fuse.predictions.neutral",
    "fuse.accuracy.true_share", "fuse.accuracy.false_share",
    "fuse.accuracy.neutral_share", "fuse.accuracy.accuracy",
    "fuse.tag_queue.average_entries", "fuse.tag_queue.flush_rate",
    "fuse.swap_buffer.average_entries",
  },
  report = report,
  plots = {
    { name = "ipc", y = "ipc", baseline = "l1-sram",
      ylabel = "IPC relative to l1-sram",
      title = "FUSE (seed 003), fermi-fuse: higher is better" },
    { name = "l1d-misses", y = "l1d.misses", baseline = "l1-sram",
      ylabel = "L1D misses relative to l1-sram" },
  },
}
