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

return mb
