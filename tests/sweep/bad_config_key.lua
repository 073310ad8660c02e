-- A misspelt configuration key is caught before any point runs.
return {
  scenarios = { "../../examples/scenarios/saxpy.lua" },
  set = {
    ["sm.cont"] = { 1, 2 },
  },
}
