-- Settings of one scenario's own: saxpy runs on two SMs, bfs on the
-- default one; both on each l1d.size of set.
return {
  name = "scenario-settings",
  scenarios = { { "../../examples/scenarios/saxpy.lua", ["sm.count"] = 2 },
                "../../examples/scenarios/bfs.lua" },
  set = { ["l1d.size"] = { 4096 } },
  columns = { "sm.2.cycles_active" },
}
