-- tinycache-tlp.lua - how many warps can share a lane's tinyCache
-- (docs/designs/tinycache.md, "Reuse and the number of warps"):
--
--   warpscope sweep examples/sweeps/tinycache-tlp.lua -j 2   (from the repo root)
--
-- Thread-per-row matrix-vector (examples/bench/atax_rows.lua) on preset
-- fermi-tc with 1 to 6 resident CTAs of 4 warps per SM (sm.ctas_limit),
-- without and with the per-lane caches. Lane l's cache serves lane l of
-- every resident warp: each warp's current row line must stay among the 8
-- ways of its set until the warp's next load of it.
local cases = {}
for _, d in ipairs{ "baseline", "tinycache" } do
  cases[#cases + 1] = { name = d, design = d }
end

return {
  name = "tinycache-tlp",
  scenarios = { "../bench/atax_rows.lua" },
  fixed = { preset = "fermi-tc" },
  set = { ["sm.ctas_limit"] = { 1, 2, 3, 4, 6 } },
  cases = cases,
  columns = { "cycles", "l1d.accesses", "l1d.hit_rate", "dram.reads",
              "tinycache.l1d_filtered", "tinycache.hit_rate_global",
              "tinycache.hits_under_fill_global" },
  report = function(rows)
    local t = {}
    for _, r in ipairs(rows) do
      local n = tonumber(r.settings["sm.ctas_limit"])
      t[n] = t[n] or {}
      t[n][r.case] = r.stats
    end
    print(string.format("%5s %6s %10s %10s %8s %9s %10s", "CTAs", "warps",
                        "cycles", "cycles", "speed-up", "filtered", "lane hits"))
    print(string.format("%5s %6s %10s %10s %8s %9s %10s", "/SM", "/SM",
                        "baseline", "tinycache", "", "", ""))
    for _, n in ipairs{ 1, 2, 3, 4, 6 } do
      local b, c = t[n] and t[n].baseline, t[n] and t[n].tinycache
      if b and c and b.cycles and c.cycles then
        print(string.format("%5d %6d %10d %10d %8.2f %8.1f%% %9.1f%%", n, 4 * n,
                            b.cycles, c.cycles, b.cycles / c.cycles,
                            100 * c["tinycache.l1d_filtered"],
                            100 * c["tinycache.hit_rate_global"]))
      else
        print(string.format("%5d (a point failed)", n))
      end
    end
  end,
}
