-- Cases (bundles of settings applied together, crossed with set) and a
-- report over the rows: bicg on one and two SMs, each with a 4 KB and a
-- 0-byte L1D case. The report prints, per sm.count, the cycles of both
-- cases and their ratio; the test compares them with results.csv.
return {
  name = "cases-report",
  scenarios = { "../../examples/scenarios/bicg.lua" },
  set = { ["sm.count"] = { 1, 2 } },
  cases = {
    { name = "l1", ["l1d.size"] = 4096 },
    { name = "nol1", ["l1d.size"] = 0, ["l1d.ways"] = 4 },
  },
  columns = { "cycles", "l1d.hits" },
  report = function(rows)
    local by = {}
    for _, r in ipairs(rows) do
      local n = r.settings["sm.count"]
      by[n] = by[n] or {}
      by[n][r.case] = r.stats.cycles
      assert(r.exit == 0, r.id)
    end
    for _, n in ipairs{ "1", "2" } do
      print(string.format("sm.count=%s l1=%d nol1=%d ratio=%.4f", n,
                          by[n].l1, by[n].nol1, by[n].nol1 / by[n].l1))
    end
  end,
}
