-- stencil (Parboil stencil): Jacobi iterations of a 3-D 7-point stencil,
-- next = (sum of the 6 neighbours) * c1 - centre * c0 with Parboil's
-- c0 = 1/6, c1 = 1/36, on the interior of an nx x ny x nz grid; 2.5-D
-- blocking: CTAs of 32 x 4 threads own a 64 x 4 column and march through z
-- with the current plane in shared memory and the planes below and above in
-- registers; the two buffers swap after each step.
--
-- Stresses: coalesced plane streaming with reuse in shared memory and
-- registers, partly uncoalesced halo loads straight from global memory
-- (the x halo is one word per row), two barriers per plane, many CTAs with
-- long lives (one per column of the grid).
--
-- Sizes (workload.size), Parboil's datasets with fewer time steps (Parboil
-- runs 100):
--   test   "small" (128 x 128 x 32) halved in y, 128 x 64 x 32, 2 steps:
--          grid 2 x 16 = 32 CTAs x 128
--   paper  "default" 512 x 512 x 64, 2 steps: grid 8 x 128 = 1024 CTAs x 128
--
-- Reference: each step is checked against its own input, read back from
-- the device before the launch: nvcc keeps the kernel's operation order
-- (five adds left to right, two multiplies, a subtract; no fma), replayed
-- with ws.f32 and compared exactly. Test size checks every point of every
-- step (boundary points must keep their values); paper size 4096 points per
-- step spread over the grid.
local v = require "verify"

local size = ws.config()["workload.size"]
local nx, ny, nz, steps = 128, 64, 32, 2
if size == "paper" then nx, ny, nz, steps = 512, 512, 64, 2 end
local npts = nx * ny * nz
local c0 = ws.f32(1 / 6)
local c1 = ws.f32(c0 / 6)
local f = ws.f32

-- Both buffers start equal (the boundary is never written): the same
-- random sequence, in [0, 1) with 24-bit mantissas, twice.
local bufs = { ws.alloc("f32", npts), ws.alloc("f32", npts) }
for _, b in ipairs(bufs) do
  local rng = v.lcg(71)
  b:write(function() return ((rng() >> 7) & 0xffffff) / (1 << 24) end)
end

-- Points checked after each step: all of them, or a spread sample.
local points = {}
if size == "paper" then
  for s = 0, 4095 do points[#points + 1] = (s * 1000003 + 12345) % npts end
else
  for p = 0, npts - 1 do points[p + 1] = p end
end

-- What the kernel writes at point p, given a reader of its input.
local plane = nx * ny
local function want_at(get, p)
  local i, j, k = p % nx, (p // nx) % ny, p // plane
  if i == 0 or j == 0 or k == 0 or i == nx - 1 or j == ny - 1 or k == nz - 1 then
    return get(p)                       -- never written: keeps the old value
  end
  local s = f(get(p + plane) + get(p - plane))       -- top + bottom
  s = f(s + get(p + nx)); s = f(s + get(p - nx))     -- up, down
  s = f(s + get(p - 1)); s = f(s + get(p + 1))       -- left, right
  return f(f(s * c1) - f(get(p) * c0))
end

local mod = ws.load_ptx("stencil.ptx")
for t = 1, steps do
  local src, dst = bufs[(t - 1) % 2 + 1], bufs[t % 2 + 1]
  local get
  if size == "paper" then
    get = function(p) return src:get(p) end
  else
    local all = src:read()
    get = function(p) return all[p + 1] end
  end
  local want = {}
  for n, p in ipairs(points) do want[n] = want_at(get, p) end
  ws.launch(mod, "stencil7", { grid = { nx // 64, ny // 4 }, block = { 32, 4 },
                               args = { c0, c1, src, dst, nx, ny, nz } })
  ws.run()
  local got
  if size == "paper" then
    got = {}
    for n, p in ipairs(points) do got[n] = dst:get(p) end
  else
    got = dst:read()
  end
  v.equal(got, want, "step " .. t)
end
print(string.format("stencil (%s): %d x %d x %d, %d steps, %d points per step checked OK",
                    size, nx, ny, nz, steps, #points))
