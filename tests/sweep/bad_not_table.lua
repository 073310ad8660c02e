-- Forgot to return the table.
local t = { scenarios = { "../../examples/scenarios/saxpy.lua" } }
