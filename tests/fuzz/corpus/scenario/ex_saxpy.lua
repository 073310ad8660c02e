-- saxpy: y = a * x + y on n = 5000 floats, blocks of 256 threads (20 blocks;
-- the last one is partly past the end of the arrays, so its tail warps run
-- with a partial active mask or not at all).
--
-- What to look at: a perfectly coalesced stream. Each warp load of x or y is
-- one 128-byte line and every line is loaded once, so the L1 load hit rate
-- is ~0 and the cycle count is set by memory bandwidth, not by computation.
--
-- Reference: nvcc compiles a * x[i] + y[i] to a single fma.rn.f32, so the
-- Lua reference uses verify.fma32 (a correctly rounded float32 fma) and the
-- comparison is exact.
local v = require "verify"

ws.config{ preset = "teach" }

local n, a = 5000, ws.f32(1.7)
local block = 256
local rng = v.lcg(1)
-- random float32 values in [-1, 1) with full 24-bit mantissas
local function rf() return ((rng() >> 7) - (1 << 23)) / (1 << 23) end

local x = ws.alloc("f32", n)
local y = ws.alloc("f32", n)
x:write(function() return rf() end)
y:write(function() return rf() end)
local x0, y0 = x:read(), y:read()

local m = ws.load_ptx("../kernels/saxpy.ptx")
ws.launch(m, "saxpy", { grid = (n + block - 1) // block, block = block,
                        args = { n, a, x, y } })
ws.run()

local want = {}
for i = 1, n do want[i] = v.fma32(a, x0[i], y0[i]) end
v.equal(y:read(), want, "y")
v.equal(x:read(), x0, "x (must be unchanged)")
print(string.format("saxpy: %d elements OK", n))
