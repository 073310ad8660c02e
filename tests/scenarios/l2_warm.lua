-- l2.warm_on_write: host-to-device copies install their lines in the L2
-- (GPGPU-Sim's -gpgpu_perf_sim_memcpy), so a kernel reading data the
-- host has just written finds it there. x and y (48 KB) are written from
-- Lua and fit teach's 64 KB L2: saxpy's first launch reads nothing from
-- DRAM; z, written after that launch's run, is warm for the second.
ws.config{ preset = "teach", ["l2.warm_on_write"] = true, ["l2.sectored"] = true }
local n = 6 * 1024
local x, y = ws.alloc("f32", n), ws.alloc("f32", n)
x:write(function(i) return i % 7 end)
y:write(function(i) return i % 5 end)
local m = ws.load_ptx("../../examples/kernels/saxpy.ptx")
ws.launch(m, "saxpy", { grid = n // 256, block = 256, args = { n, 2.0, x, y } })
local a = ws.run().launches[1]
print(string.format("first launch: %d L2 accesses, %d hits, %d DRAM reads",
                    a.l2.accesses, a.l2.hits, a.dram.reads))
ws.check(a.l2.reads == 4 * (2 * n * 4 // 128), "four sector reads per line")
ws.check(a.l2.hits == a.l2.accesses, "every access hits the warmed L2")
ws.check(a.dram.reads == 0, "nothing read from DRAM")
-- a copy between runs warms too; the warm-up itself is not counted
local z = ws.alloc("f32", 1024)
z:write(function(i) return i end)
ws.launch(m, "saxpy", { grid = 4, block = 256, args = { 1024, 1.0, z, y } })
local b = ws.run().launches[2]
ws.check(b.l2.hits == b.l2.accesses and b.dram.reads == 0, "z's lines are warm")
ws.check(b.l2.accesses == 4 * (2 * 1024 * 4 // 128) + 1024 * 4 // 32,
         "the warm-up adds no L2 access")
