-- fdtd_2d: PolyBench/GPU FDTD-2D, time steps of a 2-D finite-difference
-- time-domain simulation on NX x NY float fields ex, ey, hz: three launches
-- per step (fdtd_ey, fdtd_ex, fdtd_hz), one thread per element.
--
-- Stresses: streaming stencils with neighbour reuse through the L1: each
-- launch reads two or three fields once and writes one, the neighbour in
-- the row above or below belongs to another warp of the CTA, the one on
-- the left or right to the same or the adjacent line; the fields (3 x 16 MB
-- at paper size) do not fit any cache, so every step goes to DRAM.
--
-- Sizes (blocks of 32 x 8 threads, grid (NY / 32, NX / 8), the benchmark's):
--   test   NX = NY = 64, 4 steps:    12 launches of 2 x 8 (16 CTAs)
--   paper  NX = NY = 2048 (the benchmark's own size), 3 steps (the
--          benchmark runs 500): 9 launches of 64 x 256 (16,384 CTAs, 182
--          waves of 90 on fermi)
--
-- Reference, launch by launch: before each launch the scenario computes
-- what it must write at the checked elements from the device's current
-- fields (fma.rn.f32 with -0.5 or -0.7 of the differences, as compiled),
-- then compares after it, exactly. At test size every element of every
-- launch is checked, at paper size 2048 per launch, spread over the field.
local suite = require "suite"
local fma32 = require("verify").fma32

local sz = suite.pick{ test = { 64, 4 }, paper = { 2048, 3 } }
local nx, ny, tmax = sz[1], sz[1], sz[2]
local f32 = ws.f32
local half, c07 = -0.5, -f32(0.7)

local ex, ey, hz = ws.alloc("f32", nx * ny), ws.alloc("f32", nx * ny), ws.alloc("f32", nx * ny)
local fict = ws.alloc("f32", tmax)
suite.fill(ex, 1)
suite.fill(ey, 2)
suite.fill(hz, 3)
fict:write(function(t) return t + 0.0 end)

local m = ws.load_ptx("fdtd_2d.ptx")
local grid, block = { ny // 32, nx // 8 }, { 32, 8 }

-- The value each kernel must write at element e = i * ny + j, from the
-- fields as they are before the launch (nil: the kernel leaves e alone).
local update = {
  fdtd_ey = function(e, t)
    if e < ny then return t + 0.0 end
    return fma32(f32(hz:get(e) - hz:get(e - ny)), half, ey:get(e))
  end,
  fdtd_ex = function(e)
    if e % ny == 0 then return nil end
    return fma32(f32(hz:get(e) - hz:get(e - 1)), half, ex:get(e))
  end,
  fdtd_hz = function(e)
    if e // ny == nx - 1 or e % ny == ny - 1 then return nil end
    local d = f32(f32(f32(ex:get(e + 1) - ex:get(e)) + ey:get(e + ny)) - ey:get(e))
    return fma32(d, c07, hz:get(e))
  end,
}
local field = { fdtd_ey = ey, fdtd_ex = ex, fdtd_hz = hz }
local args = {
  fdtd_ey = function(t) return { nx, ny, fict, ey, hz, t } end,
  fdtd_ex = function() return { nx, ny, ex, hz } end,
  fdtd_hz = function() return { nx, ny, ex, ey, hz } end,
}
local log = suite.launches()

for t = 0, tmax - 1 do
  for _, k in ipairs{ "fdtd_ey", "fdtd_ex", "fdtd_hz" } do
    local f = field[k]
    log.run(k, suite.sample(nx * ny),
      function(e) return update[k](e, t) or f:get(e) end,
      function() ws.launch(m, k, { grid = grid, block = block, args = args[k](t) }) end,
      function(e) return f:get(e) end)
  end
end
log.check()
print(string.format("fdtd_2d: %dx%d, %d steps OK", nx, ny, tmax))
