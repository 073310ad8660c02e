-- racetrack_capacity: the register file that limits a launch is the
-- design's. With sm.registers = 8192 a block of 1024 threads x 10 registers
-- (ptxas's count, which fermi-rm's occupancy follows)
-- does not fit an SRAM file (tests/bad/racetrack_capacity_sram), but it
-- fits the 256 KB racetrack file (65536 registers) and computes right.
local v = require "verify"
ws.config{ preset = "fermi-rm", design = "racetrack", sm = { registers = 8192 } }
local m = ws.load_ptx("../../examples/kernels/saxpy.ptx")
local n = 2048
local x, y = ws.alloc("f32", n), ws.alloc("f32", n)
x:write(function(i) return i end)
y:write(function(i) return 2 end)
ws.launch(m, "saxpy", { grid = n // 1024, block = 1024, args = { n, ws.f32(3), x, y } })
local st = ws.run()
local want = {}
for i = 1, n do want[i] = 3 * (i - 1) + 2 end
v.equal(y:read(), want, "y")
ws.check(st.launches[1].regs_per_thread * 1024 > 8192, "the block needs more than sm.registers")
ws.check(st.onchip.rf_bytes == 262144, "the racetrack file is the register file")
