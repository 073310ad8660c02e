-- eval.lua - what the evaluation's experiments (examples/eval/*.lua) share
-- in their `report` functions: a sweep's rows by workload and case, means,
-- and markdown tables that put the paper's numbers beside ours
-- (docs/eval.md).
--
--   local ev = require "eval"
--   local w = ev.workloads(rows)          -- w.order, w.by[name][case] = stats
--   ev.table({ "kernel", "a", "b" }, { { "x", 1, 2 } })
local M = {}

-- The rows that ran to the end (exit 0), by workload (the scenario's file
-- name without .lua) and case: { order = { names... }, by = { [name] =
-- { [case] = stats } }, failed = { "name/case"... } }.
function M.workloads(rows)
  local w = { order = {}, by = {}, failed = {} }
  for _, r in ipairs(rows) do
    local k = r.scenario:match("([^/]+)%.lua$") or r.scenario
    if not w.by[k] then
      w.by[k] = {}
      w.order[#w.order + 1] = k
    end
    if r.exit == 0 then
      w.by[k][r.case or ""] = r.stats
    else
      w.failed[#w.failed + 1] = k .. "/" .. tostring(r.case) .. " (exit " .. r.exit .. ")"
    end
  end
  return w
end

-- Geometric mean of the positive numbers in list (nil if none).
function M.geomean(list)
  local s, n = 0, 0
  for _, x in ipairs(list) do
    if type(x) == "number" and x > 0 then
      s, n = s + math.log(x), n + 1
    end
  end
  return n > 0 and math.exp(s / n) or nil
end

-- Arithmetic mean of the numbers in list (nil if none).
function M.mean(list)
  local s, n = 0, 0
  for _, x in ipairs(list) do
    if type(x) == "number" then s, n = s + x, n + 1 end
  end
  return n > 0 and s / n or nil
end

-- x as text: numbers with `digits` decimals (default 3), nil as "-".
function M.fmt(x, digits)
  if x == nil then return "-" end
  if type(x) ~= "number" then return tostring(x) end
  if math.type(x) == "integer" then return tostring(x) end
  return string.format("%." .. (digits or 3) .. "f", x)
end

-- Prints a markdown table: head is a list of column titles, rows a list
-- of lists (cells formatted with fmt); the first column is left-aligned,
-- the others right-aligned.
function M.table(head, rows, digits)
  local line = {}
  for i, h in ipairs(head) do line[i] = tostring(h) end
  print("| " .. table.concat(line, " | ") .. " |")
  local rule = { "---" }
  for i = 2, #head do rule[i] = "---:" end
  print("|" .. table.concat(rule, "|") .. "|")
  for _, r in ipairs(rows) do
    local cells = {}
    for i = 1, #head do cells[i] = M.fmt(r[i], digits) end
    print("| " .. table.concat(cells, " | ") .. " |")
  end
  print("")
end

-- value(stats) for each workload that has every case in `cases`, over
-- the `base` case's value: a row per workload, then the geometric mean.
-- Returns the rows (for M.table) and the geometric means by case.
function M.normalised(w, cases, base, value)
  local rows, per = {}, {}
  for _, c in ipairs(cases) do per[c] = {} end
  for _, k in ipairs(w.order) do
    local t, complete = w.by[k], w.by[k][base] ~= nil
    for _, c in ipairs(cases) do complete = complete and t[c] ~= nil end
    local row = { k }
    for i, c in ipairs(cases) do
      if complete then
        local v = value(t[c]) / value(t[base])
        row[i + 1] = v
        per[c][#per[c] + 1] = v
      end
    end
    rows[#rows + 1] = row
  end
  local g, gm = { "**geomean**" }, {}
  for i, c in ipairs(cases) do
    gm[c] = M.geomean(per[c])
    g[i + 1] = gm[c]
  end
  rows[#rows + 1] = g
  return rows, gm
end

-- Prints the points that failed, if any.
function M.failures(w)
  if #w.failed > 0 then
    print("Points that did not run to the end (left out above): " ..
          table.concat(w.failed, ", ") .. ".\n")
  end
end

-- The racetrack paper's (seed 001) configurations, shared by
-- examples/eval/racetrack*.lua and examples/sweeps/racetrack.lua. The
-- optimized mapping reads the register move counts its direct twin (same
-- keys but the mapping) recorded in racetrack.profile_dir, so each such
-- case runs after that twin (`after`).
-- The framework (Fig. 11): SRAM, racetrack alone, with preshifting, with
-- the optimized mapping, with both.
function M.racetrack_cases()
  local rt = "racetrack"
  return {
    { name = "sram", design = "baseline" },
    { name = "rm", design = rt },
    { name = "rm_preshift", design = rt, ["racetrack.preshift"] = true },
    { name = "rm_mapping", after = "rm", design = rt,
      ["racetrack.mapping"] = "optimized" },
    { name = "all", after = "rm_preshift", design = rt,
      ["racetrack.mapping"] = "optimized", ["racetrack.preshift"] = true },
  }
end

-- The TLP profile (section 4.2), for each N of sm.ctas_limit: P_cache
-- (no shift cost: racetrack.ports = 64), P_ideal (no shift cost and an
-- L1D that always hits), P_RM (real tapes, perfect L1D); the SRAM file,
-- the plain racetrack file, with preshifting, and with all techniques.
function M.racetrack_tlp_cases()
  local rt = "racetrack"
  return {
    { name = "sram", design = "baseline" },
    { name = "cache", design = rt, ["racetrack.ports"] = 64 },
    { name = "ideal", design = rt, ["racetrack.ports"] = 64, ["l1d.perfect"] = true },
    { name = "rm_perfect_l1", design = rt, ["l1d.perfect"] = true },
    { name = "rm", design = rt },
    { name = "rm_preshift", design = rt, ["racetrack.preshift"] = true },
    { name = "all", after = "rm_preshift", design = rt,
      ["racetrack.mapping"] = "optimized", ["racetrack.preshift"] = true },
  }
end

return M
