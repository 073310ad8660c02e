-- A 40-character pattern that backtracks through 30 a's ran for minutes
-- inside one string.find call, under a 100 k-instruction budget (.args).
local s = string.rep("a", 30)
local hit = s:find("a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b")
