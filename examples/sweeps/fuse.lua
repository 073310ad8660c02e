-- fuse.lua - FUSE's experiment (seed 003, Fig. 13, 14, 15, 16, 17) on the
-- fermi-fuse machine (Table I): the seven L1Ds of Table I on the paper's
-- benchmarks that warpscope carries (examples/scenarios/ with
-- workload.size = paper: sizes that fill the 15 SMs), plus fa-fuse and
-- dy-fuse with the 64 counters per CBF of the paper's area section
-- (section IV-C gives 16):
--
--   warpscope sweep examples/sweeps/fuse.lua -j 2        (from the repo root)
--
-- Results go to sweeps/fuse/results.csv; the report prints IPC, L1D
-- misses, requests leaving the L1 and L1D energy of every variant
-- normalised to l1-sram, per benchmark and as geometric means, and the
-- stall, tag-search and predictor figures. docs/designs/fuse.md puts the
-- table next to the paper's.
local variants = { "l1-sram", "fa-sram", "by-nvm", "hybrid", "base-fuse",
                   "fa-fuse", "dy-fuse" }
local cases = {}
for _, v in ipairs(variants) do
  cases[#cases + 1] = { name = v, ["fuse.variant"] = v }
end
cases[#cases + 1] = { name = "fa-fuse-cbf64", ["fuse.variant"] = "fa-fuse",
                      ["fuse.cbf_counters"] = 64 }
cases[#cases + 1] = { name = "dy-fuse-cbf64", ["fuse.variant"] = "dy-fuse",
                      ["fuse.cbf_counters"] = 64 }

local benches = { "atax", "bicg", "mvt", "gemm", "conv2d", "pathfinder",
                  "histogram" }
local scenarios = {}
for _, b in ipairs(benches) do
  scenarios[#scenarios + 1] = "../scenarios/" .. b .. ".lua"
end

local function energy(s)
  return (s["energy_pj.fuse_sram"] or 0) + (s["energy_pj.fuse_stt"] or 0)
end

-- The report: per benchmark and case, value / l1-sram's; geometric means.
local function report(rows)
  local by = {}
  for _, r in ipairs(rows) do
    local b = r.scenario:match("([%w_]+)%.lua$")
    by[b] = by[b] or {}
    by[b][r.case] = r.stats
  end
  local names = {}
  for _, c in ipairs(cases) do names[#names + 1] = c.name end
  -- A table of f(stats, l1-sram's stats) per benchmark and case, then the
  -- geometric mean (ratios) or the arithmetic mean (counts).
  local function tab(title, f, mean)
    print(title)
    local head = string.format("%-11s", "benchmark")
    for _, n in ipairs(names) do head = head .. string.format(" %13s", n) end
    print(head)
    local sum, cnt = {}, {}
    for _, b in ipairs(benches) do
      local base = by[b] and by[b]["l1-sram"]
      local line = string.format("%-11s", b)
      for _, n in ipairs(names) do
        local s = by[b] and by[b][n]
        local x = s and base and f(s, base)
        if x then
          line = line .. string.format(" %13.3f", x)
          if mean or x > 0 then
            sum[n] = (sum[n] or 0) + (mean and x or math.log(x))
            cnt[n] = (cnt[n] or 0) + 1
          end
        else
          line = line .. string.format(" %13s", "-")
        end
      end
      print(line)
    end
    local line = string.format("%-11s", mean and "mean" or "geomean")
    for _, n in ipairs(names) do
      local m = cnt[n] and sum[n] / cnt[n]
      line = line .. (m and string.format(" %13.3f", mean and m or math.exp(m))
                         or string.format(" %13s", "-"))
    end
    print(line)
    print("")
  end
  local function rel(key)
    return function(s, b)
      local x, y = s[key], b[key]
      return x and y and y ~= 0 and x / y or nil
    end
  end
  tab("IPC / l1-sram's (Fig. 13)", rel("ipc"))
  tab("L1D misses / l1-sram's (Fig. 14)", rel("l1d.misses"))
  tab("requests to L2 / l1-sram's (outgoing references)", rel("l2.accesses"))
  tab("L1D energy / l1-sram's (Fig. 17)", function(s, b)
    local y = energy(b)
    return y > 0 and energy(s) / y or nil
  end)
  local function raw(title, key)
    tab(title, function(s) return s[key] end, true)
  end
  raw("L1 stall cycles, STT-MRAM writes (Fig. 15)", "fuse.stall_cycles.stt_write")
  raw("L1 stall cycles, tag queue full (Fig. 15: tag search)", "fuse.stall_cycles.tag_queue")
  raw("rows polled per tag search", "fuse.tag_search.rows_per_search")
  raw("CBF false-positive rate", "fuse.cbf.false_positive_rate")
  raw("predictor: true share of blocks (Fig. 16)", "fuse.accuracy.true_share")
  raw("predictor: false share of blocks (Fig. 16)", "fuse.accuracy.false_share")
  raw("predictor: neutral share of blocks (Fig. 16)", "fuse.accuracy.neutral_share")
  raw("loads bypassing the L1 (WORO)", "fuse.bypassed_loads")
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
}
