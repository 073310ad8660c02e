-- The design's own view (ws.design, ws.NAME, info design): racetrack
-- shows its tapes as a grid with a legend; rows filter by label; the
-- baseline has no grid of its own.
ws.config{ design = "racetrack" }
local m = ws.load_ptx("../../examples/kernels/saxpy.ptx")
local n = 1024
local x, y = ws.alloc("f32", n), ws.alloc("f32", n)
x:write(function(i) return i end)
y:write(function(i) return 1 end)
ws.launch(m, "saxpy", { grid = n // 256, block = 256, args = { n, ws.f32(2), x, y } })
ws.step(300)
local d = ws.design(0)
ws.check(d.design == "racetrack", "design name " .. tostring(d.design))
ws.check(#d.grids == 1, "one grid of tapes")
local g = d.grids[1]
ws.check(#g.legend >= 4, "a legend")
ws.check(#g.rows > 0 and #g.rows <= 32, "rows for the tapes with registers: " .. #g.rows)
for _, r in ipairs(g.rows) do
  ws.check(#r.cells == 64, "a cell per domain")
  ws.check(r.cells:match("^[#.@oTRW]+$") ~= nil, "cells drawn from the legend: " .. r.cells)
end
-- the same under the design's own name, rows filtered by label
local b3 = ws.racetrack(0, "b03")
ws.check(#b3.grids[1].rows >= 1, "bank 3 rows")
for _, r in ipairs(b3.grids[1].rows) do
  ws.check(r.label:sub(1, 3) == "b03", "filtered label " .. r.label)
end
local none = ws.design(0, "zz")
ws.check(#none.grids[1].rows == 0, "no row is labelled zz")
local text = ws.cmd("info design b00")
ws.check(text:find("b00%.0") ~= nil and text:find("legend:") ~= nil, "info design: " .. text)
ws.run()
local bad = 0
for i = 0, n - 1 do if y:get(i) ~= 2 * i + 1 then bad = bad + 1 end end
ws.check(bad == 0, "saxpy results wrong: " .. bad)
