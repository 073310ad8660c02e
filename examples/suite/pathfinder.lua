-- pathfinder: Rodinia's "pathfinder" (dynamic programming on a grid): the
-- cheapest top-to-bottom path through a rows x cols grid of integer costs
-- 0..9, where each step moves down, down-left or down-right. Kernel
-- pathfinder_pyramid (pathfinder.cu), blocks of 256 threads, one thread
-- per column; each launch advances p rows (the pyramid height) inside
-- shared memory, so blocks overlap by p columns on each side and produce
-- 256 - 2p columns each. The host launches ceil((rows - 1) / p) times,
-- swapping the two row buffers; all launches are queued and run by one
-- ws.run(), in order.
--
-- Sizes (workload.size):
--   test   4,096 columns x 21 rows, p = 5: 4 launches of 17 CTAs x 256
--   paper  100,000 columns x 100 rows, p = 20 (the benchmark's own
--          command line "100000 100 20"): 5 launches of 463 CTAs x 256
--          (the last launch advances 19 rows)
--
-- What it stresses: coalesced streaming of the wall (one row per step and
-- thread, no reuse: L1 misses, DRAM bandwidth), shared-memory reuse of the
-- previous row (three conflict-free reads per step), two barriers per step,
-- and divergence that grows with the step (the threads outside the
-- still-exact window idle). Overlapping blocks reload p columns on each
-- side.
--
-- Reference: the same recurrence row by row in Lua (integers; the wall is
-- regenerated from the same generator rather than kept in a table), exact
-- comparison of the whole last row.
local v = require "verify"

local size = ws.config()["workload.size"]
local cols, rows, pyr
if size == "paper" then
  cols, rows, pyr = 100000, 100, 20
else
  cols, rows, pyr = 4096, 21, 5
end
local BLOCK = 256
local seed = 12

local wall = ws.alloc("s32", rows * cols)
do
  local rng = v.lcg(seed)
  wall:write(function() return rng() % 10 end)
end
local ra = ws.alloc("s32", cols)
local rb = ws.alloc("s32", cols)
do
  local rng = v.lcg(seed)             -- row 0 of the wall is the first row of costs
  ra:write(function() return rng() % 10 end)
end
rb:write(function() return -1 end)

local m = ws.load_ptx("pathfinder.ptx")
local out_cols = BLOCK - 2 * pyr
local grid = (cols + out_cols - 1) // out_cols
local src, dst, launches = ra, rb, 0
for t = 0, rows - 2, pyr do
  local steps = math.min(pyr, rows - 1 - t)
  ws.launch(m, "pathfinder_pyramid", { grid = grid, block = BLOCK,
                                        args = { steps, wall, src, dst, cols, t + 1, pyr } })
  src, dst = dst, src
  launches = launches + 1
end
ws.run()
-- src holds the last row of costs

local rng = v.lcg(seed)
local cur = {}
for j = 1, cols do cur[j] = rng() % 10 end
for _ = 1, rows - 1 do
  local nxt = {}
  for j = 1, cols do
    local best = cur[j]
    if j > 1 and cur[j - 1] < best then best = cur[j - 1] end
    if j < cols and cur[j + 1] < best then best = cur[j + 1] end
    nxt[j] = rng() % 10 + best
  end
  cur = nxt
end
v.equal(src:read(), cur, "cost of row " .. (rows - 1))
local best = math.huge
for j = 1, cols do best = math.min(best, cur[j]) end
print(string.format("pathfinder: %d x %d, pyramid %d, %d launches of %d CTAs OK, cheapest path %d",
                    rows, cols, pyr, launches, grid, best))
