-- lab.lua: what the guided labs (examples/labs/README.md) share.
--
--   local lab = require "lab"
--   lab.stop(text)                  say text (the message line) and hand over
--                                   the keyboard (ws.pause: F5 goes on)
--   lab.ask(question, key...)       a lab's closing question: checks that
--                                   `info stats`, the command that answers
--                                   it, shows each statistics key named,
--                                   then lab.stop(question)
--   local e, s = lab.first(name [, pred])
--                                   run to the first event `name` for which
--                                   pred(e) holds (any, without pred); returns
--                                   the event and the stop; fails the scenario
--                                   when the run ends without one
--   local A, y, x, a, vy, vx = lab.mvt_inputs(n)
--                                   mvt's f64 buffers (A n x n, y, x) filled
--                                   with exact k / 2^10 values, and what they hold
--   lab.mvt_x1(a, y, x, n)          the reference x + A y of mvt_x1 (n x n,
--                                   1-based tables as buffer:read() returns)
--   local inb, outb, want = lab.transpose_inputs(rows, cols)
--                                   f32 buffers in (rows x cols, distinct
--                                   exact values) and out, and out's reference
local lab = {}
local v = require "verify"

function lab.stop(text)
  ws.say(text)
  ws.pause()
end

function lab.ask(question, ...)
  local out, ok = ws.cmd("info stats")
  ws.check(ok, "info stats failed: " .. tostring(out))
  for _, key in ipairs{ ... } do
    ws.check(out:find('"' .. key .. '"', 1, true) ~= nil,
             "info stats shows no '" .. key .. "'")
  end
  lab.stop(question)
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

function lab.mvt_inputs(n)
  local rng = v.lcg(8)
  local function rd() return ((rng() >> 12) - (1 << 18)) / 1024.0 end
  local A, y, x = ws.alloc("f64", n * n), ws.alloc("f64", n), ws.alloc("f64", n)
  for _, b in ipairs{ A, y, x } do b:write(function() return rd() end) end
  return A, y, x, A:read(), y:read(), x:read()
end

function lab.transpose_inputs(rows, cols)
  local inb, outb = ws.alloc("f32", rows * cols), ws.alloc("f32", rows * cols)
  inb:write(function(i) return i * 0.25 - 7.0 end)   -- distinct, exact in float32
  local src, want = inb:read(), {}
  for y = 0, rows - 1 do
    for x = 0, cols - 1 do want[x * rows + y + 1] = src[y * cols + x + 1] end
  end
  return inb, outb, want
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
