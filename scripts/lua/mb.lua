-- mb.lua - helpers shared by the microbenchmarks (require "mb").
local mb = {}

-- %clock counts cycles only when the cycle-level model runs
-- (sim.mode = "timing"); in functional mode it counts instructions.
-- Returns true when timings can be measured, else says why not.
function mb.timed(cfg)
  if cfg["sim.mode"] == "timing" then
    return true
  end
  print("functional mode: timing not measured")
  return false
end

-- The smallest and largest number of a table.
function mb.minmax(t)
  local lo, hi = math.huge, -math.huge
  for _, x in ipairs(t) do lo, hi = math.min(lo, x), math.max(hi, x) end
  return lo, hi
end

-- The time between the slowest cluster of times in t and the cluster
-- below it (times sorted, a new cluster wherever two differ by more than
-- `gap`), or nil with fewer than two clusters. Behind a faster cache level
-- (a cache per lane) the load times of a chase form three clusters: hits
-- in it, hits behind it, misses; this separates the last two.
function mb.slow_threshold(t, gap)
  local s = {}
  for _, x in ipairs(t) do s[#s + 1] = x end
  table.sort(s)
  for i = #s, 2, -1 do
    if s[i] - s[i - 1] > gap then return (s[i] + s[i - 1]) / 2 end
  end
  return nil
end

return mb
