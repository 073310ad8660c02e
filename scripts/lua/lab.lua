-- lab.lua: what the guided labs (examples/labs/README.md) share.
--
--   local lab = require "lab"
--   lab.stop(text)                  say text (the message line) and hand over
--                                   the keyboard (ws.pause: F5 goes on)
--   local e, s = lab.first(name [, pred])
--                                   run to the first event `name` for which
--                                   pred(e) holds (any, without pred); returns
--                                   the event and the stop; fails the scenario
--                                   when the run ends without one
--   lab.mvt_x1(a, y, x, n)          the reference x + A y of mvt_x1 (n x n,
--                                   1-based tables as buffer:read() returns)
local lab = {}

function lab.stop(text)
  ws.say(text)
  ws.pause()
end

function lab.first(name, pred)
  local got
  local id = ws.on(name, function(e)
    if not got and (pred == nil or pred(e)) then
      got = e
      return true
    end
  end)
  local s = ws.continue()
  ws.off(id)
  ws.check(s.reason == "hook" and got ~= nil,
           "expected a " .. name .. " event, the run stopped for: " .. s.reason)
  return got, s
end

function lab.mvt_x1(a, y, x, n)
  local want = {}
  for i = 0, n - 1 do
    local acc = x[i + 1]
    for j = 0, n - 1 do acc = acc + a[i * n + j + 1] * y[j + 1] end
    want[i + 1] = acc
  end
  return want
end

return lab
