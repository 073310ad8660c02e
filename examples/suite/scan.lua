-- scan (CUDA SDK scan sample for large arrays; GPU Gems 3 ch. 39): exclusive
-- prefix sum of n unsigned ints with the work-efficient (Blelloch) scan,
-- 512 elements per CTA of 256 threads, multi-block:
--   level 0: scan_block over the input, block totals into sums0
--   level 1: scan_block over sums0 (itself scanned), totals into sums1 ...
--   until one CTA holds everything; then uniform_add adds each level's
--   scanned totals back into the level below, top-down.
--
-- Stresses: shared memory (two 9-level trees per CTA with a barrier per
-- level, strided accesses kept conflict-free by padding one word in 32),
-- thread under-utilisation at the top of each tree, coalesced streaming of
-- the data twice (scan_block, then uniform_add reads and writes it again),
-- short passes over the block totals that leave most SMs idle.
--
-- Sizes (workload.size):
--   test   n = 50,000: scan_block grids 98 -> 1, uniform_add 98
--   paper  n = 2^22 (16 MB): scan_block grids 8192 -> 16 -> 1, uniform_add
--          16 and 8192
--
-- Reference: integers, compared exactly; every element of the output (and
-- the intermediate block totals of level 0) at both sizes.
local v = require "verify"

local size = ws.config()["workload.size"]
local n = size == "paper" and (1 << 22) or 50000
local PER_CTA = 512

local rng = v.lcg(51)
local input = ws.alloc("u32", n)
input:write(function() return (rng() >> 7) & 15 end)
local x = input:read()

local mod = ws.load_ptx("scan.ptx")
-- Down the levels: scan each level's data in place, its totals into the next.
local levels = {}
local data, count = input, n
while true do
  local grid = (count + PER_CTA - 1) // PER_CTA
  local sums = ws.alloc("u32", grid)
  ws.launch(mod, "scan_block", { grid = grid, block = 256, args = { data, data, sums, count } })
  levels[#levels + 1] = { data = data, count = count, grid = grid, sums = sums }
  if grid == 1 then break end
  data, count = sums, grid
end
-- Back up: level L's data gets the scanned totals (level L+1's data).
for l = #levels - 1, 1, -1 do
  local lv = levels[l]
  ws.launch(mod, "uniform_add", { grid = lv.grid, block = 256,
                                  args = { lv.data, levels[l + 1].data, lv.count } })
end
ws.run()

local want, acc = {}, 0
for i = 1, n do want[i] = acc; acc = acc + x[i] end
v.equal(input:read(), want, "exclusive scan")
-- level 1 holds the scanned level-0 totals: the prefix at each CTA's start
if #levels > 1 then
  local starts = {}
  for b = 1, levels[1].grid do starts[b] = want[(b - 1) * PER_CTA + 1] end
  v.equal(levels[2].data:read(), starts, "scanned block totals")
end
print(string.format("scan (%s): %d elements, %d levels, total %d OK", size, n, #levels, acc))
