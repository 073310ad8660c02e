-- A set key with an empty list of values would leave no points.
return {
  scenarios = { "../../examples/scenarios/saxpy.lua" },
  set = {
    ["sm.count"] = {},
  },
}
