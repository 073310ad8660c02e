-- An error inside a coroutine of the scenario's own, resumed by wrap.
local gen = coroutine.wrap(function()
  coroutine.yield(1)
  local t = nil
  return t.x
end)
gen()
gen()
