-- reduction (CUDA SDK reduction sample, kernels reduce4 and reduce6): the sum
-- of n floats in several passes, CTAs of 256 threads.
--   chain 1: reduce_tree over the input (one partial sum per 512 inputs),
--            then reduce_tree again over the partial sums until one is left
--   chain 2: reduce_gridstride with a fixed grid walking the whole input,
--            then reduce_tree over its partial sums
--
-- Stresses: DRAM bandwidth (a coalesced stream read once per chain), a
-- shared-memory tree with a barrier per level and fewer active threads at
-- each level (idle lanes, divergence in the last warp), warp shuffles,
-- short tail passes that leave most of the machine idle.
--
-- Sizes (workload.size):
--   test   n = 70,000: chain 1 grids 137 -> 1; chain 2 grid 16 -> 1 (x 256)
--   paper  n = 2^24 (the sample's default, 64 MB): chain 1 grids
--          32768 -> 64 -> 1; chain 2 grid 360 (4 waves on fermi) -> 1
--
-- Reference: the inputs are 0 or 1, so every partial sum is an integer below
-- 2^24 and exact in float32 whatever the order of the additions: the first
-- pass of each chain (every partial sum) and both totals are compared
-- exactly with sums computed in Lua.
local v = require "verify"

local size = ws.config()["workload.size"]
local n, gs_grid = 70000, 16
if size == "paper" then n, gs_grid = 1 << 24, 360 end
local PER_CTA = 512

local rng = v.lcg(41)
local total, tree_sums = 0, {}
local input = ws.alloc("f32", n)
input:write(function(i)
  local x = (rng() >> 7) & 1
  local b = i // PER_CTA + 1
  tree_sums[b] = (tree_sums[b] or 0) + x
  total = total + x
  return x
end)

local mod = ws.load_ptx("reduction.ptx")

-- Queues reduce_tree passes from buffer `src` of `count` elements down to one
-- value; returns the first pass's output buffer and the last one.
local function tree_chain(src, count)
  local first, out
  while true do
    local grid = (count + PER_CTA - 1) // PER_CTA
    out = ws.alloc("f32", grid)
    ws.launch(mod, "reduce_tree", { grid = grid, block = 256, args = { src, out, count } })
    first = first or out
    if grid == 1 then return first, out end
    src, count = out, grid
  end
end

local tree_first, tree_last = tree_chain(input, n)
local gs_out = ws.alloc("f32", gs_grid)
ws.launch(mod, "reduce_gridstride", { grid = gs_grid, block = 256, args = { input, gs_out, n } })
local _, gs_last = tree_chain(gs_out, gs_grid)
ws.run()

-- reduce_gridstride: CTA b sums the 512-element chunks b, b + grid, ...
local gs_sums = {}
for c = 1, #tree_sums do
  local b = (c - 1) % gs_grid + 1
  gs_sums[b] = (gs_sums[b] or 0) + tree_sums[c]
end
v.equal(tree_first:read(), tree_sums, "reduce_tree first pass (partial sums)")
v.equal(gs_out:read(), gs_sums, "reduce_gridstride partial sums")
v.equal(tree_last:read(), { total }, "chain 1 total")
v.equal(gs_last:read(), { total }, "chain 2 total")
print(string.format("reduction (%s): %d elements, sum %d OK", size, n, total))
