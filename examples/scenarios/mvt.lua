-- mvt: x1 = x1 + A y1 and x2 = x2 + A^T y2 in double precision, A is 128 x 128
-- (f64), two launches of 64-thread blocks.
--
-- What to look at: 8-byte elements. The coalesced kernel (mvt_x2) needs two
-- 128-byte lines per warp load; the strided one (mvt_x1) touches 32 lines per
-- warp load, 1 KB apart, and each line holds only 16 doubles, so it needs
-- twice as many line fills as the float kernels for the same element count.
--
-- Reference: the inputs are k / 2^10 with integers |k| <= 2^18, so every
-- product is a multiple of 2^-20 of magnitude <= 2^16, and every partial sum
-- (x plus at most N products) is a multiple of 2^-20 below 2^(17 + log2 N):
-- 44 significant bits for N = 128, 48 for 2048, exactly representable in a
-- double (53 bits). The device
-- result is therefore exact whatever the order or fusion of the operations,
-- and the comparison is exact. The products need up to 37 bits, far more
-- than float32's 24, so a kernel computing in float would fail.
--
-- With workload.size = paper (sizes that fill the 15 SMs of fermi;
-- the FUSE experiment, examples/eval/fuse.lua, runs the suite's version):
-- 2048 x 2048 doubles in 128-thread blocks (16 CTAs per kernel).
local v = require "verify"

local paper = ws.config()["workload.size"] == "paper"
local N, block = 128, 64
if paper then N, block = 2048, 128 end
local rng = v.lcg(8)
local function rd() return ((rng() >> 12) - (1 << 18)) / 1024.0 end   -- k / 2^10, |k| <= 2^18

local A = ws.alloc("f64", N * N)
local y1 = ws.alloc("f64", N)
local y2 = ws.alloc("f64", N)
local x1 = ws.alloc("f64", N)
local x2 = ws.alloc("f64", N)
for _, b in ipairs{ A, y1, y2, x1, x2 } do b:write(function() return rd() end) end
local a, vy1, vy2, vx1, vx2 = A:read(), y1:read(), y2:read(), x1:read(), x2:read()

local m = ws.load_ptx("../kernels/mvt.ptx")
ws.launch(m, "mvt_x1", { grid = (N + block - 1) // block, block = block, args = { N, A, y1, x1 } })
ws.launch(m, "mvt_x2", { grid = (N + block - 1) // block, block = block, args = { N, A, y2, x2 } })
ws.run()

local w1, w2 = {}, {}
for i = 0, N - 1 do
  local s1, s2 = vx1[i + 1], vx2[i + 1]
  for j = 0, N - 1 do
    s1 = s1 + a[i * N + j + 1] * vy1[j + 1]
    s2 = s2 + a[j * N + i + 1] * vy2[j + 1]
  end
  w1[i + 1], w2[i + 1] = s1, s2
end
v.equal(x1:read(), w1, "x1")
v.equal(x2:read(), w2, "x2")
print(string.format("mvt: %dx%d f64 OK", N, N))
