-- hotspot_256: the thermal stencil of examples/scenarios/hotspot.lua on a
-- 256 x 256 grid for 8 steps (8 launches of 256 CTAs): a workload big
-- enough for `make bench` to time steadily.
--
-- Reference: after the first step, 64 cells (edges and corners included)
-- are recomputed in Lua with the kernel's exact float32 operation sequence
-- and compared exactly; the remaining steps run unchecked, only timed.
local v = require "verify"

local rows, cols, steps = 256, 256, 8
local step_cap, rx_inv, ry_inv, rz_inv, amb =
  ws.f32(0.2), ws.f32(0.8), ws.f32(0.6), ws.f32(0.05), ws.f32(300.0)
local rng = v.lcg(5)
local power = ws.alloc("f32", rows * cols)
local ta = ws.alloc("f32", rows * cols)
local tb = ws.alloc("f32", rows * cols)
power:write(function() return (rng() % 2048) / 1024.0 end)
ta:write(function() return 320.0 + ((rng() % 20480) - 10240) / 1024.0 end)
local p, t = power:read(), ta:read()

local m = ws.load_ptx("../kernels/hotspot.ptx")
local src, dst = ta, tb
for k = 1, steps do
  ws.launch(m, "hotspot_step", { grid = { cols // 16, rows // 16 }, block = { 16, 16 },
                                 args = { rows, cols, power, src, dst,
                                          step_cap, rx_inv, ry_inv, rz_inv, amb } })
  ws.run()
  if k == 1 then
    local out = dst:read()
    local function at(i, j)
      i = math.max(0, math.min(rows - 1, i))
      j = math.max(0, math.min(cols - 1, j))
      return t[i * cols + j + 1]
    end
    local F, fma = ws.f32, v.fma32
    local want, got = {}, {}
    for s = 0, 63 do
      local i = s < 4 and ({ 0, 0, rows - 1, rows - 1 })[s + 1] or (s * 53) % rows
      local j = s < 4 and ({ 0, cols - 1, 0, cols - 1 })[s + 1] or (s * 29 + 7) % cols
      local T = at(i, j)
      local T2 = F(T + T)
      local d = fma(F(F(at(i - 1, j) + at(i + 1, j)) - T2), ry_inv, p[i * cols + j + 1])
      d = fma(F(F(at(i, j - 1) + at(i, j + 1)) - T2), rx_inv, d)
      d = fma(F(amb - T), rz_inv, d)
      want[#want + 1] = fma(d, step_cap, T)
      got[#got + 1] = out[i * cols + j + 1]
    end
    v.equal(got, want, "temperature samples after step 1")
  end
  src, dst = dst, src
end
print(string.format("hotspot_256: %dx%d, %d steps; step 1 sampled OK", rows, cols, steps))
