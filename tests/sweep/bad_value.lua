-- A value out of the key's range is caught before any point runs.
return {
  scenarios = { "../../examples/scenarios/saxpy.lua" },
  set = {
    preset = { "teach", "fermi" },
    ["sm.count"] = { 1, 0 },
  },
}
