-- cerf-interference: the moment cache data first pushes a register out of
-- the cache-emulated register file (design cerf, lru-fair).
--
--   build/warpscope examples/scenarios/cerf-interference.lua       (TUI)
--   build/warpscope run examples/scenarios/cerf-interference.lua   (headless)
--
-- Under cerf one 4-way array of 128-byte blocks is both the register file
-- and the L1D: a warp register sits at its reg-mem address, a memory line
-- at its own, both compete for the ways of a set. With lru-fair, plain LRU
-- decides; a register left untouched while a warp streams through memory
-- becomes the least recently used block of its set, a fill takes its way,
-- and the register is spilled to L2 (and filled back when next read).
--
-- The scenario runs mvt (x1 = x1 + A y1, 128 x 128 doubles: the strided
-- kernel touches 32 lines per warp load) and stops at the first
-- cerf.replace event of kind "rc" (a register displaced by cache data). It
-- then shows the set as it is now, hands over (ws.pause: in the TUI look
-- at the Register file and L1D panes), runs on to the end, checks that the
-- spilled register was filled back when read and that the results are
-- exact - a spill moves a register's storage, never its value.
local v = require "verify"

ws.config{ preset = "teach", design = "cerf", ["cerf.policy"] = "lru-fair" }
if ws.config()["sim.mode"] ~= "timing" then
  print("cerf-interference: needs the cycle-level model (sim.mode = \"timing\")")
  return
end

local lab = require "lab"
local N = 128
local A, y1, x1, a, vy1, vx1 = lab.mvt_inputs(N)

-- The first register displaced by cache data: a hook that stops the run.
local first
local hook = ws.on("cerf.replace", function(e)
  if e.kind == "rc" and not first then
    first = e
    return true
  end
end)
-- Fills of spilled registers, by reg-mem address.
local fills = {}
ws.on("cerf.fill", function(e) fills[e.addr] = (fills[e.addr] or 0) + 1 end)

local m = ws.load_ptx("../kernels/mvt.ptx")
ws.launch(m, "mvt_x1", { grid = (N + 63) // 64, block = 64, args = { N, A, y1, x1 } })

local stop = ws.continue()
ws.check(stop.reason == "hook" and stop.id == hook and first ~= nil,
         "expected to stop at the first register displaced by cache data, got " .. stop.reason)

-- Where the register lived: its reg-mem address is (prefix, warp register
-- number, 7 zero bits); the set is the block number modulo the sets.
local l1 = ws.l1(first.sm)
local wr = (first.addr >> 7) & 0x3ff
local set = (first.addr >> 7) % l1.sets
ws.say(string.format(
  "cycle %d: cache data displaced a register. Warp %d's warp register %d (reg-mem 0x%x) "
  .. "was the least recently used block of set %d; a line fill took its way, so the "
  .. "register is spilled to L2.", stop.cycle, first.warp, wr, first.addr, set))
local ways = l1.sets_data[set + 1]
for w, e in ipairs(ways) do
  ws.say(string.format("  set %d way %d: %-8s %s", set, w - 1, e.state, e.owner))
end
local cached = 0
for _, e in ipairs(ways) do
  if e.state == "cache" or e.state == "dirty" then cached = cached + 1 end
  ws.check(e.addr ~= first.addr, "the spilled register is gone from its set")
end
ws.check(cached >= 1, "the set holds the cache line that displaced the register")
ws.say("Next read of that register misses in the array and fills it back from L2 "
       .. "(event cerf.fill); lru-prioritized would have kept it (cache data never "
       .. "displaces a register there).")
ws.pause("a register was just spilled by cache data (see the L1D and Register file panes)")

ws.off(hook)
local st = ws.run()
v.equal(x1:read(), lab.mvt_x1(a, vy1, vx1, N), "x1")
ws.check(st.cerf.spills >= 1 and st.cerf.interference.register_by_cache >= 1,
         "the statistics count the spill")
lab.ask("Question: over the whole kernel, how many times did cache data displace a "
  .. "register, and how many fills brought spilled registers back? Answer it with "
  .. "`info stats` (cerf: interference.register_by_cache, fills).",
  "register_by_cache", "fills")
print(string.format("cerf-interference: first spill at cycle %d (warp %d, warp register %d); "
  .. "%d spills, %d fills, that register filled back %d time(s); results exact",
  stop.cycle, first.warp, wr, st.cerf.spills, st.cerf.fills, fills[first.addr] or 0))
