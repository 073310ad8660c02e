-- saxpy (CUDA SDK style; the tinyCache paper's SAXPY with 8 MB arrays):
-- y = a * x + y, one element per thread, CTAs of 256 threads.
--
-- Stresses: DRAM bandwidth with perfectly coalesced streaming and no reuse
-- at all (every 128-byte line is read once and written once), so the L1
-- cannot hit; the tinyCache paper's bad case (fills that are never reused).
--
-- Sizes (workload.size):
--   test   n = 65,636 floats (257 KB per array): 257 CTAs x 256, the last
--          CTA partly past the end of the arrays
--   paper  n = 2^21 floats (8 MB per array, the paper's size): 8192 CTAs x 256
--
-- Reference: nvcc compiles a * x[i] + y[i] to one fma.rn.f32, replayed with
-- verify.fma32; every element is compared exactly at both sizes.
local v = require "verify"

local size = ws.config()["workload.size"]
local n = size == "paper" and (1 << 21) or 65636
local block = 256
local a = ws.f32(1.7)

-- Inputs as functions of the index (float32 values in [-1, 1) with full
-- 24-bit mantissas, from two odd multipliers modulo 2^24), so that the
-- reference needs no copy of the 8 MB arrays.
local function xv(i) return ((i * 40503) % (1 << 24) - (1 << 23)) / (1 << 23) end
local function yv(i) return ((i * 65599 + 12345) % (1 << 24) - (1 << 23)) / (1 << 23) end
local x, y = ws.alloc("f32", n), ws.alloc("f32", n)
x:write(xv)
y:write(yv)

local m = ws.load_ptx("saxpy.ptx")
ws.launch(m, "saxpy", { grid = (n + block - 1) // block, block = block,
                        args = { n, a, x, y } })
ws.run()

local want = {}
for i = 1, n do want[i] = v.fma32(a, xv(i - 1), yv(i - 1)) end
v.equal(y:read(), want, "y")
print(string.format("saxpy (%s): %d elements, %d CTAs OK", size, n, (n + block - 1) // block))
