-- transpose (CUDA SDK transpose sample; the tinyCache paper's Transpose
-- 2688 x 2688): four kernels on the same matrix, each into its own output,
-- CTAs of 32 x 8 threads moving a 32 x 32 tile:
--   transpose_naive       coalesced loads, stores strided by the height
--   transpose_coalesced   shared tile 32 x 32 (32-way bank conflicts)
--   transpose_nobankconf  shared tile 32 x 33 (padded, conflict-free)
--   transpose_diagonal    padded tile, diagonal CTA order
--
-- Stresses: coalescing (the naive kernel's stores touch one line per lane),
-- shared-memory bank conflicts and how padding removes them, DRAM channel
-- spread (diagonal order); pure data movement with no reuse, streaming like
-- saxpy.
--
-- Sizes (workload.size):
--   test   96 rows x 160 columns: grid 5 x 3 = 15 CTAs x 256 per kernel
--   paper  2688 x 2688 (the tinyCache paper's size): grid 84 x 84 = 7056 CTAs
--          x 256 per kernel, 4 launches
--
-- Reference: pure data movement; every element of every output is compared
-- exactly with the input value it must hold (inputs are distinct quarters,
-- exact in float32 and never 0, so an element left unwritten is caught).
local v = require "verify"

local size = ws.config()["workload.size"]
local height, width = 96, 160
if size == "paper" then height, width = 2688, 2688 end
local kernels = { "transpose_naive", "transpose_coalesced", "transpose_nobankconf",
                  "transpose_diagonal" }

local function value(i) return i * 0.25 + 1.0 end
local idata = ws.alloc("f32", width * height)
idata:write(value)

local mod = ws.load_ptx("transpose.ptx")
local outs = {}
for _, k in ipairs(kernels) do
  outs[k] = ws.alloc("f32", width * height)
  ws.launch(mod, k, { grid = { width // 32, height // 32 }, block = { 32, 8 },
                      args = { outs[k], idata, width, height } })
end
ws.run()

-- odata[x][y] (width rows of height) = idata[y][x]
local want = {}
for x = 0, width - 1 do
  for y = 0, height - 1 do want[x * height + y + 1] = value(y * width + x) end
end
for _, k in ipairs(kernels) do v.equal(outs[k]:read(), want, k) end
print(string.format("transpose (%s): %d x %d, %d kernels OK", size, height, width, #kernels))
