-- tinycache.lua - the tinyCache paper's experiment (seed 002, section 5.1:
-- Fig. 4 energy, Fig. 5 IPC, Fig. 6 energy-delay, Fig. 7 accesses, Fig. 8
-- policies) on the workload suite, on the paper's machine:
--
--   make eval EVAL=tinycache            (paper sizes; EVAL_SIZE=test: seconds)
--   warpscope sweep examples/eval/tinycache.lua -j 2 [--set workload.size=test]
--
-- Every benchmark of the paper's Table 2 the suite has (examples/suite/)
-- at the paper size (or the size --set workload.size gives), on preset
-- fermi-tc (Table 1, lrr-mem scheduling, the shared-memory and coalescer
-- energies on), four ways: the baseline (no tinyCache, the paper's notC),
-- and design tinycache with each policy: bypass_none (tCbase),
-- bypass_shared, bypass_global. tCpick is the policy with the least
-- energy-delay. The report prints the table of docs/designs/tinycache.md.
-- The paper's Convolution (an SDK kernel on 3072 x 3072) is PolyBench's
-- 2DCONV here (conv2d, 4096 x 4096, no shared memory).
--
-- At paper size the 36 points took 10 minutes with -j 1 on a shared 2-core
-- machine. At test size every SM gets work, but sgemm and spmv have fewer
-- CTAs than the SMs hold, so fewer warps share each lane's cache
-- (docs/designs/tinycache.md).
local scenarios = {}
for _, k in ipairs{ "backprop", "bfs", "hotspot", "saxpy", "sgemm", "spmv",
                    "srad", "transpose", "conv2d" } do
  scenarios[#scenarios + 1] = "../suite/" .. k .. ".lua"
end

-- The on-chip memory hierarchy's dynamic energy (the paper's Fig. 4: L1D
-- with its coalescer, shared memory, L2, tinyCaches; the register file is
-- not part of it, leakage is set to 0 below).
local parts = { "l1d", "l1d_tag", "shmem", "coalescer", "l2", "l2_tag",
                "tinycache", "tinycache_fill", "tinycache_writeback" }
local columns = { "cycles", "ipc", "l1d.accesses", "l1d.stores",
                  "l1d.bypassed", "shmem.accesses", "dram.reads",
                  "dram.writes", "l2.accesses",
                  "tinycache.shmem_sent", "tinycache.shmem_would_be",
                  "tinycache.l1d_sent", "tinycache.l1d_would_be",
                  "tinycache.l1d_filtered", "tinycache.shmem_filtered",
                  "tinycache.hit_rate_global", "tinycache.hit_rate_shared",
                  "energy_pj.total" }
for _, p in ipairs(parts) do columns[#columns + 1] = "energy_pj." .. p end

local function mem_energy(s)
  local e = 0
  for _, p in ipairs(parts) do e = e + (s["energy_pj." .. p] or 0) end
  return e
end

local cases = { "tc", "tc_bypass_shared", "tc_bypass_global" }

local function report_text(rows)
  local by = {}
  for _, r in ipairs(rows) do
    local k = r.scenario:match("([%w_]+)%.lua$")
    by[k] = by[k] or { order = r.id }
    if r.stats and r.stats.cycles then by[k][r.case] = r.stats end
  end
  local names = {}
  for k in pairs(by) do names[#names + 1] = k end
  table.sort(names, function(a, b) return by[a].order < by[b].order end)
  print("ratios are tinycache / baseline (bypass_none = tCbase); pick = least energy x delay")
  print(string.format("%-10s %7s %7s %7s %7s %7s %7s %7s %7s %-14s %7s %7s",
                      "benchmark", "IPC", "IPC", "L1D", "shmem", "energy", "ED",
                      "DRAM", "hits", "pick", "energy", "L1D"))
  print(string.format("%-10s %7s %7s %7s %7s %7s %7s %7s %7s %-14s %7s %7s",
                      "", "base", "ratio", "acc.", "acc.", "ratio", "ratio",
                      "ratio", "global", "", "pick", "pick"))
  local logs, n = { ipc = 0, l1 = 0, sh = 0, e = 0, ed = 0, ep = 0, l1p = 0 }, 0
  local shn = 0
  for _, k in ipairs(names) do
    local b, t = by[k].baseline, by[k].tc
    if not (b and t) then
      print(string.format("%-10s (a point failed)", k))
    else
      local eb = mem_energy(b)
      local function ratios(s)
        local l1 = (s["l1d.accesses"] + s["l1d.stores"]) /
                   math.max(1, b["l1d.accesses"] + b["l1d.stores"])
        local sh = s["tinycache.shmem_sent"] and s["tinycache.shmem_sent"] /
                   math.max(1, b["shmem.accesses"]) or 1
        local e = mem_energy(s) / eb
        return l1, sh, e, e * s.cycles / b.cycles
      end
      local l1, sh, e, ed = ratios(t)
      local pick, pe, pl1, ped = "tCbase", e, l1, ed
      for _, c in ipairs(cases) do
        if by[k][c] then
          local cl1, _, ce, ced = ratios(by[k][c])
          if ced < ped then pick, pe, pl1, ped = c, ce, cl1, ced end
        end
      end
      local dram = (t["dram.reads"] + t["dram.writes"]) /
                   math.max(1, b["dram.reads"] + b["dram.writes"])
      print(string.format("%-10s %7.3f %7.3f %7.3f %7s %7.3f %7.3f %7.3f %6.1f%% %-14s %7.3f %7.3f",
                          k, b.ipc, t.ipc / b.ipc, l1,
                          b["shmem.accesses"] > 0 and string.format("%.3f", sh) or "-",
                          e, ed, dram, 100 * (t["tinycache.hit_rate_global"] or 0),
                          pick == "tCbase" and "tCbase" or pick:gsub("^tc_", ""), pe, pl1))
      n = n + 1
      logs.ipc = logs.ipc + math.log(t.ipc / b.ipc)
      logs.l1, logs.e, logs.ed = logs.l1 + math.log(l1), logs.e + math.log(e), logs.ed + math.log(ed)
      logs.ep, logs.l1p = logs.ep + math.log(pe), logs.l1p + math.log(pl1)
      if b["shmem.accesses"] > 0 then shn, logs.sh = shn + 1, logs.sh + math.log(sh) end
    end
  end
  if n > 0 then
    local g = function(x, m) return math.exp(x / m) end
    print(string.format("geomean (%d): IPC %.3f, L1D accesses %.3f, shared-memory accesses %.3f (%d with shared memory), energy %.3f, ED %.3f; tCpick energy %.3f, L1D %.3f",
                        n, g(logs.ipc, n), g(logs.l1, n), shn > 0 and g(logs.sh, shn) or 1, shn,
                        g(logs.e, n), g(logs.ed, n), g(logs.ep, n), g(logs.l1p, n)))
    print("paper (averages): IPC 0.977, L1D accesses 0.38, shared-memory accesses 0.19, energy 0.63, ED 0.65")
    -- Energy is linear in the counts: the same runs with one component
    -- charged k times as much as set (the coalescer and crossbar; the
    -- lane caches' accesses).
    local function scaled(part, ks)
      local line = {}
      for _, kx in ipairs(ks) do
        local lg, m = 0, 0
        for _, k in ipairs(names) do
          local b, t = by[k].baseline, by[k].tc
          if b and t then
            local function ek(s)
              return mem_energy(s) + (kx - 1) * (s["energy_pj." .. part] or 0)
            end
            lg, m = lg + math.log(ek(t) / ek(b)), m + 1
          end
        end
        line[#line + 1] = string.format("x%g %.3f", kx, math.exp(lg / m))
      end
      return table.concat(line, ", ")
    end
    -- The paper's Fig. 1 splits the baseline's energy: the DL1G (L1D and
    -- coalescer) about 69%, shared memory about 25%. The tinyCaches can
    -- only save on those two; L2 traffic stays.
    local share, ns = { l1 = 0, sh = 0, l2 = 0 }, 0
    local lg, m = 0, 0
    local near = { "l1d", "l1d_tag", "coalescer", "shmem", "tinycache",
                   "tinycache_fill", "tinycache_writeback" }
    local function sum(s, ps)
      local e = 0
      for _, p in ipairs(ps) do e = e + (s["energy_pj." .. p] or 0) end
      return e
    end
    for _, k in ipairs(names) do
      local b, t = by[k].baseline, by[k].tc
      if b and t then
        local eb = mem_energy(b)
        share.l1 = share.l1 + sum(b, { "l1d", "l1d_tag", "coalescer" }) / eb
        share.sh = share.sh + sum(b, { "shmem" }) / eb
        share.l2 = share.l2 + sum(b, { "l2", "l2_tag" }) / eb
        ns = ns + 1
        lg, m = lg + math.log(sum(t, near) / sum(b, near)), m + 1
      end
    end
    print(string.format("baseline energy shares (mean): L1D with tags and coalescer %.0f%%, shared memory %.0f%%, L2 %.0f%% (paper's Fig. 1: DL1G 69%%, shared memory 25%%)",
                        100 * share.l1 / ns, 100 * share.sh / ns, 100 * share.l2 / ns))
    print(string.format("energy ratio (geomean) without L2 (L1D, coalescer, shared memory, tinyCaches): %.3f",
                        math.exp(lg / m)))
    print("energy ratio (geomean), energy.coalescer scaled: " .. scaled("coalescer", { 0, 1, 4, 10 }))
    print("energy ratio (geomean), tinycache.access_pj scaled: " .. scaled("tinycache", { 0.25, 0.5, 1 }))
  end
end

-- the report as a preformatted block: make eval puts it in a markdown page
local function report(rows)
  print("```")
  report_text(rows)
  print("```")
end

return {
  name = "tinycache",
  scenarios = scenarios,
  -- the paper's energies are dynamic only: no leakage
  fixed = { preset = "fermi-tc", ["workload.size"] = "paper",
            ["energy.rf_leak_mw"] = 0, ["energy.l1d_leak_mw"] = 0,
            ["energy.l1d_tag_leak_mw"] = 0, ["energy.l2_leak_mw"] = 0,
            ["energy.l2_tag_leak_mw"] = 0, ["tinycache.leak_mw"] = 0 },
  cases = {
    { name = "baseline", design = "baseline" },
    { name = "tc", design = "tinycache" },
    { name = "tc_bypass_shared", design = "tinycache",
      ["tinycache.policy"] = "bypass_shared" },
    { name = "tc_bypass_global", design = "tinycache",
      ["tinycache.policy"] = "bypass_global" },
  },
  columns = columns,
  report = report,
  -- docs/designs/tinycache.md shows these (the paper's Figs. 5, 7 and 4)
  plots = {
    { name = "ipc", y = "ipc", baseline = "baseline",
      ylabel = "IPC relative to the baseline",
      title = "tinyCache (seed 002), fermi-tc: higher is better" },
    { name = "l1d-accesses", y = "l1d.accesses", baseline = "baseline",
      ylabel = "L1D accesses relative to the baseline" },
    { name = "energy", y = "energy_pj.total", baseline = "baseline",
      ylabel = "dynamic energy relative to the baseline" },
  },
}
