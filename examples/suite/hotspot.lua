-- hotspot: Rodinia's "hotspot" (thermal simulation of a chip, a 2-D
-- five-point stencil in time). Kernel hotspot_pyramid (hotspot.cu), 16 x 16
-- blocks; each launch advances p time steps (the pyramid height) inside
-- shared memory, so the blocks' windows overlap by p cells on each side and
-- each block produces (16 - 2p)^2 cells. The host launches total / p times,
-- swapping the two temperature buffers, with the benchmark's chip constants
-- (16 mm x 16 mm x 0.5 mm silicon, ambient 80, step from the maximum power
-- density and a precision of 0.001).
--
-- Sizes (workload.size):
--   test   64 x 64 cells, p = 2, 4 steps: 2 launches of 6 x 6 = 36 CTAs x 256
--   paper  512 x 512 cells (the benchmark's 512 data set), p = 2 (its
--          command line "512 2 ..."), 8 steps: 4 launches of
--          43 x 43 = 1,849 CTAs x 256
--
-- What it stresses: shared memory (three 16 x 16 tiles, five stencil reads
-- per cell and step, conflict-free), barriers (two per step), coalesced
-- 64-byte row segments, divergence at the shrinking window and the grid
-- edge, and the overlap that reloads 2p/16 of every window.
--
-- Reference: the kernel's float32 operation sequence replayed in Lua
-- (S+N, T+T, fma(ry_1, (S+N)-2T, P), fma(rx_1, (E+W)-2T, .),
-- fma(rz_1, 80-T, .), fma(step/Cap, ., T); the reciprocals and step/Cap
-- correctly rounded, as rcp.rn and div.rn), compared exactly. Each launch
-- is checked against its own input (read back before it runs): at test
-- size every cell, at paper size 1,024 cells spread over the grid (the
-- four corners and the edges included), each recomputed from its cone of
-- (2p+1)^2 inputs.
local v = require "verify"

local size = ws.config()["workload.size"]
local n, pyr, total
if size == "paper" then
  n, pyr, total = 512, 2, 8
else
  n, pyr, total = 64, 2, 4
end
local rows, cols = n, n
local BLOCK = 16
local F, fma = ws.f32, v.fma32

-- The benchmark's chip model.
local chip_h, chip_w, t_chip = 0.016, 0.016, 0.0005
local factor_chip, spec_heat, k_si, max_pd, precision = 0.5, 1.75e6, 100.0, 3.0e6, 0.001
local gh, gw = chip_h / rows, chip_w / cols
local cap = F(factor_chip * spec_heat * t_chip * gw * gh)
local rx = F(gw / (2.0 * k_si * t_chip * gh))
local ry = F(gh / (2.0 * k_si * t_chip * gw))
local rz = F(t_chip / (k_si * gh * gw))
local step = F(precision / (max_pd / (factor_chip * t_chip * spec_heat)))
local sdc, rx_1, ry_1, rz_1 = F(step / cap), F(1.0 / rx), F(1.0 / ry), F(1.0 / rz)
local amb = F(80.0)

local rng = v.lcg(21)
local power = ws.alloc("f32", rows * cols)
local ta = ws.alloc("f32", rows * cols)
local tb = ws.alloc("f32", rows * cols)
power:write(function() return (rng() % 4096) / 8192.0 end)                 -- 0 .. 0.5
ta:write(function() return 320.0 + (rng() % 20480) / 1024.0 end)           -- 320 .. 340
local p = power:read()

-- The cells checked after each launch.
local samples = v.spread2d(rows, cols, size == "paper" and 1024 or rows * cols)

-- Temperature of cell (i, j) after k steps from t0 (1-based table), with a
-- memo per step: the kernel's exact float32 sequence.
local function cone(t0, k)
  local memo = {}
  for s = 1, k do memo[s] = {} end
  local function at(s, i, j)
    i = math.max(0, math.min(rows - 1, i))
    j = math.max(0, math.min(cols - 1, j))
    local c = i * cols + j + 1
    if s == 0 then return t0[c] end
    local m = memo[s][c]
    if m then return m end
    local T = at(s - 1, i, j)
    local T2 = F(T + T)
    local d = fma(ry_1, F(F(at(s - 1, i + 1, j) + at(s - 1, i - 1, j)) - T2), p[c])
    d = fma(rx_1, F(F(at(s - 1, i, j + 1) + at(s - 1, i, j - 1)) - T2), d)
    d = fma(rz_1, F(amb - T), d)
    m = fma(sdc, d, T)
    memo[s][c] = m
    return m
  end
  return at
end

local m = ws.load_ptx("hotspot.ptx")
local out = BLOCK - 2 * pyr
local grid = { (cols + out - 1) // out, (rows + out - 1) // out }
local src, dst, launches = ta, tb, 0
for t = 0, total - 1, pyr do
  local steps = math.min(pyr, total - t)
  local tin = src:read()
  ws.launch(m, "hotspot_pyramid", { grid = grid, block = { BLOCK, BLOCK },
                                    args = { steps, power, src, dst, cols, rows, pyr, pyr,
                                             cap, rx, ry, rz, step } })
  ws.run()
  launches = launches + 1
  local at = cone(tin, steps)
  local got, want = {}, {}
  for _, c in ipairs(samples) do
    got[#got + 1] = dst:get(c[1] * cols + c[2])
    want[#want + 1] = at(steps, c[1], c[2])
  end
  v.equal(got, want, string.format("temperatures after steps %d..%d (%d cells)",
                                   t + 1, t + steps, #samples))
  src, dst = dst, src
end
v.equal(power:read(), p, "power (must be unchanged)")
print(string.format("hotspot: %d x %d, pyramid %d, %d steps in %d launches of %d x %d CTAs OK",
                    rows, cols, pyr, total, launches, grid[1], grid[2]))
