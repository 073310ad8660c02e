-- Two scenarios x two values of sm.count, with a fixed setting and
-- columns that reach into an array and pick a string (config_hash shows
-- that each point's --set reached its run).
return {
  name = "two-by-two",
  scenarios = { "../../examples/scenarios/saxpy.lua",
                "../../examples/scenarios/bfs.lua" },
  set = {
    ["sm.count"] = { 1, 2 },
  },
  fixed = { ["mem.limit"] = "64M" },
  columns = { "warp_instructions", "thread_instructions",
              "launches.1.warp_instructions", "config_hash", "preset" },
}
