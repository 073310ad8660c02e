ws.config{ sim = { mode = "functional" } }
-- hotspot: 6 time steps of the thermal stencil on a 50 x 70 grid (rows x
-- cols), 16 x 16 blocks (a 5 x 4 grid; the right and bottom blocks hang over
-- the edge). The temperature ping-pongs between two buffers: step k reads
-- one and writes the other; each step is its own launch and ws.run().
--
-- What to look at: each block stages an 18 x 18 tile (its cells plus a halo)
-- in shared memory; the edge threads of the block take extra branches to
-- load the halo, then all threads meet at bar.sync and read the five-point
-- stencil from shared memory. The power map is read once per step,
-- coalesced. Between steps the whole grid goes through L2.
--
-- Reference, twice:
--  1. exact: the Lua code repeats the float32 operations of hotspot.ptx in
--     the same order, with the same roundings: n+s, T+T, (n+s)-2T, then
--     fma(., ry_inv, power), w+e, (w+e)-2T, fma(., rx_inv, .), amb-T,
--     fma(., rz_inv, .), and finally fma(d, step_cap, T). Compared exactly.
--  2. the same model in double precision (the "physics"), compared with
--     verify.close, rtol = 1e-5: a float32 step rounds each of ~10
--     operations to 2^-24 relative, i.e. at most ~1e-4 K at 330 K, and the
--     stable stencil (step_cap * (2 rx + 2 ry + rz) < 1) does not amplify
--     errors, so 6 steps stay below ~1e-3 K = 3e-6 relative; 1e-5 (3 mK)
--     leaves margin, while any indexing or coefficient bug moves a cell by a
--     sizeable fraction of a kelvin (the neighbour differences are ~10 K).
local v = require "verify"

local rows, cols, steps = 50, 70, 6
local step_cap, rx_inv, ry_inv, rz_inv, amb =
  ws.f32(0.2), ws.f32(0.8), ws.f32(0.6), ws.f32(0.05), ws.f32(300.0)
local rng = v.lcg(11)

local power = ws.alloc("f32", rows * cols)
local ta = ws.alloc("f32", rows * cols)
local tb = ws.alloc("f32", rows * cols)
power:write(function() return (rng() % 2048) / 1024.0 end)           -- 0 .. 2
ta:write(function() return 320.0 + ((rng() % 20480) - 10240) / 1024.0 end)  -- 310 .. 330
tb:write(function() return 0.0 end)
local p, t0 = power:read(), ta:read()

local m = ws.load_ptx("../kernels/hotspot.ptx")
local src, dst = ta, tb
for _ = 1, steps do
  ws.launch(m, "hotspot_step", { grid = { (cols + 15) // 16, (rows + 15) // 16 }, block = { 16, 16 },
                                 args = { rows, cols, power, src, dst,
                                          step_cap, rx_inv, ry_inv, rz_inv, amb } })
  ws.run()
  src, dst = dst, src
end
-- after the loop, src holds the last step's output and dst the one before

-- One step of the model on a 1-based table. f32 = true: the kernel's exact
-- float32 operation sequence; f32 = false: plain double arithmetic.
local function step(t, f32)
  local r = {}
  local F = f32 and ws.f32 or function(x) return x end
  local fma = f32 and v.fma32 or function(a, b, c) return a * b + c end
  for i = 0, rows - 1 do
    for j = 0, cols - 1 do
      local function at(ii, jj)
        ii = math.max(0, math.min(rows - 1, ii))
        jj = math.max(0, math.min(cols - 1, jj))
        return t[ii * cols + jj + 1]
      end
      local T = at(i, j)
      local n, s, w, e = at(i - 1, j), at(i + 1, j), at(i, j - 1), at(i, j + 1)
      local T2 = F(T + T)
      local d = fma(F(F(n + s) - T2), ry_inv, p[i * cols + j + 1])
      d = fma(F(F(w + e) - T2), rx_inv, d)
      d = fma(F(amb - T), rz_inv, d)
      r[i * cols + j + 1] = fma(d, step_cap, T)
    end
  end
  return r
end

local exact, phys, prev_exact = t0, t0, nil
for _ = 1, steps do
  prev_exact = exact
  exact = step(exact, true)
  phys = step(phys, false)
end
local got = src:read()
v.equal(got, exact, "temperature after step " .. steps)
v.equal(dst:read(), prev_exact, "temperature after step " .. (steps - 1))
v.close(got, phys, "temperature vs double-precision model", 1e-5, 0.0)
v.equal(power:read(), p, "power (must be unchanged)")
print(string.format("hotspot: %dx%d, %d steps OK", rows, cols, steps))
