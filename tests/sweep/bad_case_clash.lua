return {
  scenarios = { "../../examples/scenarios/saxpy.lua" },
  set = { ["sm.count"] = { 1, 2 } },
  cases = {
    { name = "a", ["sm.count"] = 4 },
  },
}
