-- A racetrack bank cannot hold more warp registers than its tapes. With
-- 8 resident CTAs of 5 warps (40 warps) x 51 registers, 2040 warp
-- registers fit the 2048 of the file, but (w + r) mod 16 puts 129 in
-- one bank, one more than its 2 tapes x 64 domains: the launch is refused.
ws.config{ preset = "fermi-rm", design = "racetrack", regs_per_thread = 51 }
local m = ws.load_ptx("../../examples/kernels/saxpy.ptx")
local n = 160 * 8 * 15
local x, y = ws.alloc("f32", n), ws.alloc("f32", n)
ws.launch(m, "saxpy", { grid = n // 160, block = 160, args = { n, ws.f32(3), x, y } })
ws.run()
