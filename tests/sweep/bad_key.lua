-- A misspelt top-level key: `sett` instead of `set`.
return {
  scenarios = { "../../examples/scenarios/saxpy.lua" },
  sett = { ["sm.count"] = { 1, 2 } },
}
