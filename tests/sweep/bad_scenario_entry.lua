return {
  scenarios = { { "../../examples/scenarios/saxpy.lua", ["sm.count"] = 0 } },
}
