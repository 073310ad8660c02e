-- A set value must be a list; a single value belongs in `fixed`.
return {
  scenarios = { "../../examples/scenarios/saxpy.lua" },
  set = { ["sm.count"] = 2 },
}
