-- Yielding from a function the scenario calls (not from a coroutine of
-- its own) is the same mistake one level down.
local co = coroutine.wrap(function() coroutine.yield(1) end)
assert(co() == 1)
local function next_value() return coroutine.yield() end
local v = next_value()
