-- pathfinder: cheapest top-to-bottom path costs through a 24 x 1000 grid of
-- integer costs 0..9, one launch per row (23 launches of 4 blocks of 256
-- threads, dynamic shared memory (256 + 2) * 4 bytes), ping-ponging between
-- two row buffers. All launches are queued first and run by one ws.run():
-- they execute in order, each starting after the previous one finished.
--
-- What to look at: the shared-memory row segment with its two halo values
-- (only the first and last thread of a block load them: a divergent branch),
-- the barrier, and three conflict-free shared reads per thread. The last
-- block is partly past the end of the row.
--
-- Reference: the same recurrence in Lua; integers, exact comparison of
-- both row buffers (the last row and the one before it).
--
-- With workload.size = paper (sizes that fill the 15 SMs of fermi;
-- the FUSE experiment, examples/eval/fuse.lua, runs the suite's version):
-- 20 rows of 30720 columns (120 blocks: 8 per SM of fermi-fuse).
local v = require "verify"

local paper = ws.config()["workload.size"] == "paper"
local rows, cols, block = 24, 1000, 256
if paper then rows, cols = 20, 30720 end
local rng = v.lcg(12)

local wall = ws.alloc("s32", rows * cols)
wall:write(function() return rng() % 10 end)
local wv = wall:read()

local ra = ws.alloc("s32", cols)
local rb = ws.alloc("s32", cols)
ra:write(function(j) return wv[j + 1] end)        -- row 0: the costs themselves
rb:write(function() return -1 end)

local m = ws.load_ptx("../kernels/pathfinder.ptx")
local prev, next = ra, rb
for r = 1, rows - 1 do
  ws.launch(m, "pathfinder_row", { grid = (cols + block - 1) // block, block = block,
                                   shared = (block + 2) * 4,
                                   args = { cols, r, wall, prev, next } })
  prev, next = next, prev
end
ws.run()
-- prev now holds row rows-1, next holds row rows-2

local cur = {}
for j = 1, cols do cur[j] = wv[j] end
local before
for r = 1, rows - 1 do
  local nxt = {}
  for j = 1, cols do
    local best = cur[j]
    if j > 1 and cur[j - 1] < best then best = cur[j - 1] end
    if j < cols and cur[j + 1] < best then best = cur[j + 1] end
    nxt[j] = wv[r * cols + j] + best
  end
  before, cur = cur, nxt
end
v.equal(prev:read(), cur, "cost of row " .. (rows - 1))
v.equal(next:read(), before, "cost of row " .. (rows - 2))
local best = math.huge
for j = 1, cols do best = math.min(best, cur[j]) end
print(string.format("pathfinder: %dx%d OK, cheapest path costs %d", rows, cols, best))
