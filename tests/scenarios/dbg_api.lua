-- dbg_api: the debugger's Lua API from a scenario (no command file):
-- hooks, breakpoints, ws.continue/step/stepi, reading warps, registers,
-- the L1 and banks, state hashes, ws.cmd, probes. Every value checked is
-- one the model must get right. Kernel: examples/kernels/saxpy.cu
local v = require "verify"
ws.config{ preset = "teach" }

local n, a, block = 3000, ws.f32(2.0), 256
local x = ws.alloc("f32", n)
local y = ws.alloc("f32", n)
x:write(function(i) return i end)
y:write(function(i) return 1 end)
local m = ws.load_ptx("../../examples/kernels/saxpy.ptx")
ws.launch(m, "saxpy", { grid = (n + block - 1) // block, block = block,
                        args = { n, a, x, y } })

-- hooks: count CTA launches; stop at the second L1 miss
local ctas = 0
local h1 = ws.on("cta.launch", function(e) ctas = ctas + 1 end)
local misses = 0
local h2 = ws.on("l1.miss", function(e)
  ws.check(e.type == "l1.miss" and e.addr > 0 and e.sm == 0, "l1.miss payload")
  misses = misses + 1
  return misses == 2
end)
local stop = ws.continue()
ws.check(stop.reason == "hook" and stop.id == h2, "ws.continue stops at the hook")
ws.check(stop.event.type == "l1.miss" and misses == 2, "the second miss")
ws.check(ctas == 2, "two CTAs fit on the SM of teach: got " .. ctas)
ws.check(ws.off(h2) and not ws.off(h2), "ws.off removes a hook once")

-- a PC breakpoint on the setp after i = ctaid * ntid + tid (line 37):
-- standing there, %r1 holds each lane's global index
local bp = ws.breakpoint{ file = "saxpy.ptx", line = 39 }
stop = ws.continue()
ws.check(stop.reason == "breakpoint" and stop.id == bp, "stopped at the breakpoint")
local w = ws.warp(stop.sm, stop.warp)
ws.check(w.pc == 8 and w.line == 39, "the warp stands at line 39 (pc 8), got pc " .. tostring(w.pc))
local base = w.cta.x * block + w.warp_in_cta * 32
for lane = 0, 31 do
  ws.check(ws.reg(stop.sm, stop.warp, "%r1", lane) == base + lane,
           "global index in lane " .. lane)
end
local lanes = ws.reg(stop.sm, stop.warp, "%r1")
ws.check(lanes[0] == base and lanes[31] == base + 31, "ws.reg without a lane: every lane")
ws.check(not pcall(ws.reg, 0, stop.warp, "%nosuch", 0), "an unknown register is an error")
ws.off(bp)

-- stepping
local c0 = ws.cycle()
ws.check(ws.step(10) == c0 + 10 and ws.cycle() == c0 + 10, "ws.step(10) advances ten cycles")
local h = ws.state_hash()
ws.check(#h == 16 and h == ws.state_hash(), "a state hash is stable")
local s = ws.stepi()
ws.check(s and s.cycle >= c0 + 10 and ws.state_hash() ~= h, "ws.stepi issues one warp-instruction")

-- inspection tables
local l1 = ws.l1(0)
ws.check(l1.sets == 8 and l1.ways == 4 and l1.line == 128, "teach L1D geometry")
local banks = ws.banks(0)
ws.check(banks.banks == 8 and #banks.per_bank == 8, "teach RF banks")
ws.check(ws.sm(0).issued > 0, "ws.sm: instructions issued")
ws.check(#ws.warps(0) > 0, "resident warps")
ws.check(not pcall(ws.warp, 5, 0), "no SM 5 on teach")

-- commands from Lua
local out, ok = ws.cmd("info breakpoints")
ws.check(ok and out:find("l1.miss") == nil and out:find("cta.launch"), "info breakpoints lists the hook left")
out, ok = ws.cmd("bogus")
ws.check(not ok and out:find("unknown command 'bogus'"), "a bad command returns false and a message")
ws.check(not pcall(ws.cmd, "continue"), "run commands are refused while the scenario runs")

-- probes: every 100 cycles until the end
local samples = 0
ws.probe("issued", function() samples = samples + 1; return ws.sm(0).issued end, 100)
local c1 = ws.cycle()
ws.run()
local want = {}
for i = 1, n do want[i] = v.fma32(a, i - 1, 1) end
v.equal(y:read(), want, "y")
local expect = (ws.cycle() // 100) - (c1 // 100)
ws.check(math.abs(samples - expect) <= 1, "probe samples " .. samples .. " vs " .. expect)
print("dbg_api: OK")
