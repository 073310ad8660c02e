-- sweep.lua - a sweep with charts and an ordered case (tests/plot/run.sh)
return {
  name = "plots",
  scenarios = { "../../examples/scenarios/saxpy.lua",
                "../../examples/scenarios/reduce.lua" },
  cases = {
    { name = "one", ["sm.count"] = 1 },
    { name = "two", after = "one", ["sm.count"] = 2 },
  },
  columns = { "cycles", "ipc" },
  plots = {
    { name = "cycles", y = "cycles", baseline = "one" },
    { name = "ipc", y = "ipc", absolute = true, where = { case = "one|two" } },
  },
}
