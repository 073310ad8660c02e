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
local lab = require "lab"
local stop = lab.stop
ws.config{ preset = "teach" }

local N = 128
local A, y1, x1, a, vy1, vx1 = lab.mvt_inputs(N)
local m = ws.load_ptx("../kernels/mvt.ptx")
ws.launch(m, "mvt_x1", { grid = (N + 63) // 64, block = 64, args = { N, A, y1, x1 } })

stop("Lab 1/4, L1 thrashing: mvt_x1 on a 4 KB L1 (32 lines); each warp load touches "
  .. "32 lines. F5 runs to the first eviction (event l1.evict); the Cache pane shows the sets.")

local evicted = {}                   -- line address -> cycle evicted
local h1 = ws.on("l1.evict", function(e) evicted[e.addr] = e.cycle end)
local first, s = lab.first("l1.evict")
local l1 = ws.l1(first.sm)
stop(string.format("Lab 2/4, cycle %d: line 0x%x was evicted from set %d to make room for "
  .. "a fill: every way of the set was taken. F5 runs to the first miss on a line that "
  .. "was evicted before.", s.cycle, first.addr, (first.addr // l1.line) % l1.sets))

local again
again, s = lab.first("l1.miss", function(e) return evicted[e.addr - e.addr % l1.line] end)
local line = again.addr - again.addr % l1.line
stop(string.format("Lab 3/4, cycle %d: a load misses on line 0x%x, evicted at cycle %d: "
  .. "it was fetched, pushed out before its next use, and is fetched again. That is "
  .. "thrashing. `info cache` lists the set; F5 runs to the end.",
  s.cycle, line, evicted[line]))

ws.off(h1)
local st = ws.run()
v.equal(x1:read(), lab.mvt_x1(a, vy1, vx1, N), "x1")
ws.check(st.l1d.evictions > 0 and st.l1d.hit_rate < 0.5, "the L1 thrashes")
lab.ask("Lab 4/4, question: what fraction of mvt_x1's L1 accesses hit, and how many lines "
  .. "were evicted to serve them? Answer it with `info stats` (l1d.hit_rate, "
  .. "l1d.evictions).", "hit_rate", "evictions")
