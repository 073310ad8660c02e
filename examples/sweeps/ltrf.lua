-- ltrf.lua - the experiments of docs/designs/ltrf.md: the LTRF paper's
-- (seed 004) Figure 9 and its maximum tolerable main-register-file
-- latency (section 6.3, Figure 11), on workloads of the suite
-- (examples/suite/) on the maxwell-ltrf preset.
--
--   warpscope sweep examples/sweeps/ltrf.lua -j 2
--
-- Register counts: warpscope's allocator uses fewer registers than ptxas
-- (docs/compiler.md), so a workload runs with ptxas's count for its main
-- kernel (NAME.ptxas, the largest of its kernels) as regs_per_thread:
-- occupancy is then register-limited as in the paper, where nvcc's
-- maxregcount gave the kernels their registers. Register-sensitive (more
-- than 32 registers per thread: fewer than 2048 threads fit 256 KB) are
-- sgemm, lud, streamcluster, nw, mri_q, matrixmul and kmeans; btree (the
-- paper's own insensitive example, with kmeans), hotspot and saxpy are
-- not.
--
-- Two sizes; pick one with `size` below (the output directories differ):
--
-- "small" (the default): the suite's test size (`workload.size=test`) on
--   one SM of maxwell-ltrf (`sm.count=1`, so that the small grids still
--   put many warps on the SM: register-limited occupancy is what the
--   study is about). "fig9" (100 points) took 2 minutes and "latency"
--   (300 points) 7 minutes with -j 2 on a shared 2-core machine.
-- "paper": the suite's paper size on the preset's 24 SMs; a point took 2
--   to 40 minutes of wall-clock time on that machine while it was shared
--   (lud and streamcluster), so a study takes many hours: for a machine
--   with time to spare.
--
-- Two studies; pick one with `study` below:
--
-- "fig9": every variant on Table 2's configurations #6 (TFET, 8x capacity,
--   5.3x latency) and #7 (DWM, 8x, 6.3x), bl also on #1 (256 KB + the
--   16 KB of the cache, 1x) and ideal (8x at #1's latency). The report
--   prints IPC normalised to bl on #1 per workload and their geometric
--   means (the paper: LTRF +32% on #6; LTRF +28%, LTRF+ +31% on #7), the
--   main-register-file accesses of ltrf against bl (the paper: 4-6x
--   fewer), the register-file energy against bl on #1 (the paper, on #7:
--   RFC -35.1%, LTRF -35.4%, LTRF+ -46.1%) and the dynamic register-interval
--   lengths (the paper's Table 4: 31.2 on average, 7 to 45).
--
-- "latency": rfc, ltrf and ltrf+ with an 8x main register file (#6's
--   banks) whose latency is 1x to 8x (ltrf.latency_scale). The report
--   prints, per workload and design, the largest latency at which IPC is
--   within 1%, 5% and 10% of the same design's at 1x (linear between the
--   measured multiples) and their means (the paper, at 5%: RFC 2.1x, LTRF
--   5.3x, LTRF+ 6.2x; at 1%: 1.4/2.8/3.5; at 10%: 2.9/6.5/7.9). At the
--   small size the multiples are 1, 1.5, 2, 2.5, 3, 4, 5, 6, 7 and 8 on
--   every workload; at the paper size 1, 2, 3, 4, 6 and 8 without sgemm,
--   kmeans and saxpy, to keep the study within a few CPU-hours.
local study = "fig9"
local size = "small"

local function w(name, regs)
  return { "../suite/" .. name .. ".lua", regs_per_thread = regs }
end
local sensitive = { sgemm = true, lud = true, streamcluster = true, nw = true,
                    mri_q = true, matrixmul = true, kmeans = true }
local workloads = {
  w("sgemm", 64), w("lud", 64), w("streamcluster", 58), w("nw", 54), w("mri_q", 49),
  w("matrixmul", 39), w("kmeans", 34), w("hotspot", 26), w("btree", 18),
  w("saxpy", 10),
}

local columns = {
  "cycles", "ipc", "warp_instructions", "energy_pj.rf", "energy_pj.rfc",
  "launches.1.occupancy.ctas_per_sm",
  "ltrf.main_rf_accesses", "ltrf.operand_reads", "ltrf.result_writes",
  "ltrf.rfc_hit_rate", "ltrf.prefetches", "ltrf.activations",
  "ltrf.registers_prefetched", "ltrf.registers_written_back",
  "ltrf.prefetch_stall_cycles", "ltrf.interval_length_avg",
  "ltrf.interval_visits",
}

local small = size == "small"
if not small then table.remove(workloads, 1) end  -- sgemm: 74 M warp-instructions
local fixed = { preset = "maxwell-ltrf", design = "ltrf",
                ["workload.size"] = small and "test" or "paper" }
if small then fixed["sm.count"] = 1 end
local suffix = small and "-small" or ""

-- The workload's name from a row.
local function stem(r) return r.scenario:match("([^/]+)%.lua$") end

-- Rows by workload (in order) and within it by key(row): value(row) of
-- the points that ran to the end.
local function group(rows, key, value)
  local by, order = {}, {}
  for _, r in ipairs(rows) do
    local k = stem(r)
    if not by[k] then by[k] = {}; order[#order + 1] = k end
    local a, b = key(r)
    if b then
      by[k][a] = by[k][a] or {}
      by[k][a][b] = r.exit == 0 and value(r) or nil
    else
      by[k][a] = r.exit == 0 and value(r) or nil
    end
  end
  return by, order
end

local function geomean(xs)
  local s, n = 0, 0
  for _, x in ipairs(xs) do
    if x and x > 0 then s = s + math.log(x); n = n + 1 end
  end
  return n > 0 and math.exp(s / n) or nil
end

local function f(v, fmt) return v and string.format(fmt or "%6.3f", v) or "     -" end

if study == "latency" then
  local scales = small and { 1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8 } or { 1, 2, 3, 4, 6, 8 }
  local cases = {}
  for _, v in ipairs{ "rfc", "ltrf", "ltrf+" } do
    for _, s in ipairs(scales) do
      cases[#cases + 1] = { name = (v == "ltrf+" and "ltrfp" or v) .. "_x" .. s,
                            ["ltrf.variant"] = v, ["ltrf.main_config"] = 6,
                            ["ltrf.latency_scale"] = s }
    end
  end
  local scen = {}
  for _, x in ipairs(workloads) do
    if small or not (x[1]:find("kmeans", 1, true) or x[1]:find("saxpy", 1, true)) then
      scen[#scen + 1] = x
    end
  end
  return {
    name = "ltrf-latency" .. suffix,
    scenarios = scen,
    cases = cases,
    fixed = fixed,
    columns = columns,
    -- the largest multiple with IPC >= (1 - loss) x IPC at 1x, linear
    -- between measured multiples (the first crossing)
    report = function(rows)
      local by, order = group(rows, function(r)
        local v, s = r.case:match("^(.-)_x([%d.]+)$")
        return v, tonumber(s)
      end, function(r) return r.stats.ipc end)
      local function tolerable(t, loss)
        local base = t[1]
        if not base then return nil end
        local prev = 1
        for _, s in ipairs(scales) do
          local x = t[s]
          if not x then return nil end
          if x < (1 - loss) * base then
            local px = t[prev]
            return prev + (s - prev) * (px - (1 - loss) * base) / (px - x)
          end
          prev = s
        end
        return scales[#scales], true  -- never dropped that far: >= 8x
      end
      local losses = { 0.01, 0.05, 0.10 }
      local sums, capped = {}, {}
      local function g(v, c) return v and string.format(c and ">%.2f" or "%.2f", v) or "-" end
      print("Maximum tolerable main-register-file latency (x of 1x) at 1% / 5% / 10% IPC loss;")
      print("IPC at 1x, and IPC at 8x / IPC at 1x")
      print(string.format("%-14s %-6s %28s %8s %8s", "workload", "design", "1% / 5% / 10%", "IPC 1x", "8x/1x"))
      for _, k in ipairs(order) do
        for _, v in ipairs{ "rfc", "ltrf", "ltrfp" } do
          local t = by[k][v] or {}
          local tl, tc = {}, {}
          for i, l in ipairs(losses) do
            tl[i], tc[i] = tolerable(t, l)
            sums[v] = sums[v] or {}
            sums[v][i] = sums[v][i] or {}
            capped[v] = capped[v] or {}
            capped[v][i] = capped[v][i] or tc[i]
            if tl[i] then table.insert(sums[v][i], tl[i]) end
          end
          print(string.format("%-14s %-6s %8s / %8s / %8s %8s %8s", k, v,
                              g(tl[1], tc[1]), g(tl[2], tc[2]), g(tl[3], tc[3]),
                              f(t[1]), f(t[1] and t[8] and t[8] / t[1])))
        end
      end
      print("\nmean over workloads, counting >8 as 8 (paper: RFC 1.4/2.1/2.9, LTRF 2.8/5.3/6.5, LTRF+ 3.5/6.2/7.9)")
      for _, v in ipairs{ "rfc", "ltrf", "ltrfp" } do
        local m = {}
        for i = 1, 3 do
          local s, n = 0, 0
          for _, x in ipairs(sums[v] and sums[v][i] or {}) do s = s + x; n = n + 1 end
          m[i] = n > 0 and s / n or nil
        end
        local c = capped[v] or {}
        print(string.format("  %-6s %s / %s / %s", v, g(m[1], c[1]), g(m[2], c[2]),
                            g(m[3], c[3])))
      end
    end,
  }
end

local cases = {
  { name = "bl_c1", ["ltrf.variant"] = "bl", ["ltrf.main_config"] = 1 },
  { name = "ideal", ["ltrf.variant"] = "ideal", ["ltrf.main_config"] = 6 },
}
for _, c in ipairs{ 6, 7 } do
  for _, v in ipairs{ "bl", "rfc", "ltrf", "ltrf+" } do
    cases[#cases + 1] = { name = (v == "ltrf+" and "ltrfp" or v) .. "_c" .. c,
                          ["ltrf.variant"] = v, ["ltrf.main_config"] = c }
  end
end

return {
  name = "ltrf-fig9" .. suffix,
  scenarios = workloads,
  cases = cases,
  fixed = fixed,
  columns = columns,
  -- Figure 9 as charts, one per main register file (docs/designs/ltrf.md)
  plots = {
    { name = "ipc-c6", y = "ipc", baseline = "bl_c1",
      where = { case = "bl_c1|bl_c6|rfc_c6|ltrf_c6|ltrfp_c6|ideal" },
      ylabel = "IPC relative to bl on #1",
      title = "LTRF (seed 004), maxwell-ltrf, Table 2 #6 (TFET): higher is better" },
    { name = "ipc-c7", y = "ipc", baseline = "bl_c1",
      where = { case = "bl_c1|bl_c7|rfc_c7|ltrf_c7|ltrfp_c7|ideal" },
      ylabel = "IPC relative to bl on #1",
      title = "LTRF (seed 004), maxwell-ltrf, Table 2 #7 (DWM): higher is better" },
  },
  report = function(rows)
    local by, order = group(rows, function(r) return r.case end,
                            function(r) return r.stats end)
    local shown = { "bl_c6", "rfc_c6", "ltrf_c6", "ltrfp_c6", "bl_c7", "rfc_c7",
                    "ltrf_c7", "ltrfp_c7", "ideal" }
    print("IPC normalised to bl on Table 2 #1 (256 KB + 16 KB, 1x)")
    local head = string.format("%-14s %7s", "workload", "bl#1")
    for _, c in ipairs(shown) do head = head .. string.format(" %8s", c) end
    print(head)
    local norm = { all = {}, sens = {} }
    for _, k in ipairs(order) do
      local t, b = by[k], by[k].bl_c1
      local line = string.format("%-14s %7s", k .. (sensitive[k] and "*" or ""),
                                 b and f(b.ipc, "%7.2f") or "      -")
      for _, c in ipairs(shown) do
        local x = b and t[c] and t[c].ipc / b.ipc
        line = line .. string.format(" %8s", f(x, "%8.3f"))
        norm.all[c] = norm.all[c] or {}
        table.insert(norm.all[c], x or false)
        if sensitive[k] then
          norm.sens[c] = norm.sens[c] or {}
          table.insert(norm.sens[c], x or false)
        end
      end
      print(line)
    end
    for _, g in ipairs{ { "sens", "geomean, register-sensitive (*)" },
                        { "all", "geomean, all" } } do
      local line = string.format("%-22s", g[2]:sub(1, 22))
      for _, c in ipairs(shown) do
        line = line .. string.format(" %8s", f(geomean(norm[g[1]][c] or {}), "%8.3f"))
      end
      print(line)
    end
    print("(paper, register-sensitive and insensitive together: #6 LTRF 1.32 ~ Ideal; #7 LTRF 1.28, LTRF+ 1.31)")

    print("\nmain register file accesses, bl / ltrf and bl / ltrf+ on #7 (the paper: 4-6x fewer);")
    print("register-file energy (main file + cache) relative to bl on #1, on #7;")
    print("dynamic register-interval length (warp-instructions per interval visit)")
    local red, redp, lens = {}, {}, {}
    local en = { rfc_c7 = {}, ltrf_c7 = {}, ltrfp_c7 = {} }
    for _, k in ipairs(order) do
      local t = by[k]
      local function acc(c) return t[c] and t[c]["ltrf.main_rf_accesses"] end
      local function e(c)
        return t[c] and (t[c]["energy_pj.rf"] or 0) + (t[c]["energy_pj.rfc"] or 0)
      end
      local r1 = acc("bl_c7") and acc("ltrf_c7") and acc("bl_c7") / acc("ltrf_c7")
      local r2 = acc("bl_c7") and acc("ltrfp_c7") and acc("bl_c7") / acc("ltrfp_c7")
      table.insert(red, r1 or false)
      table.insert(redp, r2 or false)
      local l = t.ltrf_c7 and t.ltrf_c7["ltrf.interval_length_avg"]
      if l then lens[#lens + 1] = l end
      local line = string.format("%-14s accesses %6s %6s  energy", k, f(r1, "%6.2f"), f(r2, "%6.2f"))
      for _, c in ipairs{ "rfc_c7", "ltrf_c7", "ltrfp_c7" } do
        local x = e(c) and e("bl_c1") and e(c) / e("bl_c1")
        table.insert(en[c], x or false)
        line = line .. string.format(" %s %6s", c, f(x))
      end
      print(line .. string.format("  interval %s", f(l, "%.1f")))
    end
    local lo, hi, sum = nil, nil, 0
    for _, l in ipairs(lens) do
      lo = (not lo or l < lo) and l or lo
      hi = (not hi or l > hi) and l or hi
      sum = sum + l
    end
    print(string.format("geomean accesses reduction: ltrf %s, ltrf+ %s; energy vs bl#1: rfc %s, ltrf %s, ltrf+ %s",
                        f(geomean(red), "%.2f"), f(geomean(redp), "%.2f"),
                        f(geomean(en.rfc_c7)), f(geomean(en.ltrf_c7)), f(geomean(en.ltrfp_c7))))
    if #lens > 0 then
      print(string.format("interval length: average %.1f, min %.1f, max %.1f over %d workloads (paper: 31.2, 7, 45)",
                          sum / #lens, lo, hi, #lens))
    end
  end,
}
