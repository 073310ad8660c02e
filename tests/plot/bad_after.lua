-- bad_after.lua - `after` must name an earlier case (tests/plot/run.sh)
return {
  scenarios = { "../../examples/scenarios/saxpy.lua" },
  cases = {
    { name = "one", after = "two", ["sm.count"] = 1 },
    { name = "two", ["sm.count"] = 2 },
  },
}
