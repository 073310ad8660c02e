return {
  scenarios = { { "../../examples/scenarios/saxpy.lua", ["sm.count"] = 2 } },
  set = { ["sm.count"] = { 1, 4 } },
}
