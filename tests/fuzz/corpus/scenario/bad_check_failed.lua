-- A failing check ends the run with exit status 1.
local x = 2 + 2
ws.check(x == 5, "arithmetic is broken: 2 + 2 = " .. x)
