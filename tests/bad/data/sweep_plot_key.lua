-- a chart with a key a plot does not have (tests/bad/sweep_plot_key.args)
return {
  scenarios = { "../../../examples/scenarios/saxpy.lua" },
  set = { ["sm.count"] = { 1, 2 } },
  plots = {
    { name = "cycles", y = "cycles", group = "sm.count", colour = "red" },
  },
}
