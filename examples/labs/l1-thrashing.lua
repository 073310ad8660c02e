-- Lab: L1 thrashing (make run LAB=l1-thrashing).
--
-- The teach preset's L1D is 4 KB: 8 sets x 4 ways of 128-byte lines, 32
-- lines in all. mvt_x1 (x1 = x1 + A y1, A 128 x 128 doubles) has each
-- thread walk a row of A: a warp load touches 32 lines, 1 KB apart, and
-- each line holds the next 16 doubles the thread will read. Four warps
-- doing that need 128 lines at once: every fill evicts a line some warp
-- still needs, which misses again later - thrashing. The lab stops at the
-- first eviction and at the first miss on a line evicted before, and ends
-- with a question and the command that answers it.
local v = require "verify"
ws.config{ preset = "teach" }

local N = 128
local rng = v.lcg(8)
local function rd() return ((rng() >> 12) - (1 << 18)) / 1024.0 end
local A, y1, x1 = ws.alloc("f64", N * N), ws.alloc("f64", N), ws.alloc("f64", N)
for _, b in ipairs{ A, y1, x1 } do b:write(function() return rd() end) end
local a, vy1, vx1 = A:read(), y1:read(), x1:read()
local m = ws.load_ptx("../kernels/mvt.ptx")
ws.launch(m, "mvt_x1", { grid = (N + 63) // 64, block = 64, args = { N, A, y1, x1 } })

local function stop(text)
  ws.say(text)
  ws.pause()
end

stop("Lab 1/4, L1 thrashing: mvt_x1 on a 4 KB L1 (32 lines); each warp load touches "
  .. "32 lines. F5 runs to the first eviction (event l1.evict); the Cache pane shows the sets.")

local evicted, first, again = {}, nil, nil
local h1 = ws.on("l1.evict", function(e)
  evicted[e.addr] = e.cycle
  if not first then first = e; return true end
end)
local s = ws.continue()
ws.check(s.reason == "hook" and first ~= nil, "expected an eviction, got " .. s.reason)
local l1 = ws.l1(first.sm)
stop(string.format("Lab 2/4, cycle %d: line 0x%x was evicted from set %d to make room for "
  .. "a fill: every way of the set was taken. F5 runs to the first miss on a line that "
  .. "was evicted before.", s.cycle, first.addr, (first.addr // l1.line) % l1.sets))

local h2 = ws.on("l1.miss", function(e)
  local line = e.addr - e.addr % l1.line
  if evicted[line] and not again then again = { e = e, at = evicted[line] }; return true end
end)
s = ws.continue()
ws.off(h2)
ws.check(s.reason == "hook" and again ~= nil, "expected a miss on an evicted line, got " .. s.reason)
stop(string.format("Lab 3/4, cycle %d: a load misses on line 0x%x, evicted at cycle %d: "
  .. "it was fetched, pushed out before its next use, and is fetched again. That is "
  .. "thrashing. `info cache` lists the set; F5 runs to the end.",
  s.cycle, again.e.addr - again.e.addr % l1.line, again.at))

ws.off(h1)
local st = ws.run()
local want = {}
for i = 0, N - 1 do
  local acc = vx1[i + 1]
  for j = 0, N - 1 do acc = acc + a[i * N + j + 1] * vy1[j + 1] end
  want[i + 1] = acc
end
v.equal(x1:read(), want, "x1")
ws.check(st.l1d.evictions > 0 and st.l1d.hit_rate < 0.5, "the L1 thrashes")
local out, ok = ws.cmd("info stats")
ws.check(ok and out:find('"evictions"', 1, true) ~= nil, "info stats shows l1d.evictions")
stop("Lab 4/4, question: what fraction of mvt_x1's L1 accesses hit, and how many lines "
  .. "were evicted to serve them? Answer it with `info stats` (l1d.hit_rate, "
  .. "l1d.evictions).")
