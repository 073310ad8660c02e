return {
  scenarios = { "../../examples/scenarios/saxpy.lua" },
  fixed = { ["sm.count"] = 1 },
  report = function(rows)
    print(#rows)
    local x = rows[1].stats.nonesuch + 1
  end,
}
