-- bfs: Rodinia's "bfs" (breadth-first search, level by level). Two kernels
-- (bfs.cu) per level, one thread per vertex in blocks of 512: bfs_expand
-- (frontier vertices label their unvisited out-neighbours) and bfs_update
-- (labelled vertices become the next frontier and set the "over" flag).
-- The host repeats the pair until a level sets nothing, as the benchmark.
--
-- Graph: n vertices, each with 2..10 out-edges (mean 6, like the
-- benchmark's graph1MW_6 data set) to uniformly random vertices, built
-- deterministically below; BFS from vertex 0.
--
-- Sizes (workload.size):
--   test   n = 4,096 (the benchmark's graph4096 size): 8 CTAs x 512 per
--          launch, 2 launches per level
--   paper  n = 262,144: 512 CTAs x 512 per launch. The benchmark's data
--          sets have 4 K, 64 K and 1 M vertices; 64 K gives bfs_update
--          fewer than 3 waves on fermi (128 CTAs, 3 per SM), and 1 M runs
--          four times longer than this (about 70 s of CPU, 39 M
--          warp-instructions), so this size sits between them.
--
-- What it stresses: irregular memory. Only frontier threads work (sparse
-- active masks), neighbour loops of different lengths diverge, and the
-- visited/cost/updating accesses are random gathers and scatters (one
-- transaction per lane, little L1 reuse); byte masks are read coalesced by
-- every thread in every launch, so the launches of sparse levels are
-- mostly that scan.
--
-- Reference: a queue BFS in Lua; exact comparison of every vertex's cost,
-- and of the number of launches (2 per level, the last level setting
-- nothing).
local v = require "verify"

local size = ws.config()["workload.size"]
local n = size == "paper" and 262144 or 4096
local BLOCK = 512
local rng = v.lcg(41)

-- Adjacency: start and degree per vertex, then the edge targets.
local start, deg, edge = {}, {}, {}
local ne = 0
for i = 1, n do
  local d = 2 + rng() % 9
  start[i], deg[i] = ne, d
  for k = 1, d do edge[ne + k] = rng() % n end
  ne = ne + d
end

local nodes = ws.alloc("s32", 2 * n)
local edges = ws.alloc("s32", ne)
local mask = ws.alloc("u8", n)
local updating = ws.alloc("u8", n)
local visited = ws.alloc("u8", n)
local cost = ws.alloc("s32", n)
local over = ws.alloc("u8", 1)
nodes:write(function(i) return i % 2 == 0 and start[i // 2 + 1] or deg[i // 2 + 1] end)
edges:write(edge)
mask:write(function(i) return i == 0 and 1 or 0 end)
visited:write(function(i) return i == 0 and 1 or 0 end)
cost:write(function(i) return i == 0 and 0 or -1 end)

local m = ws.load_ptx("bfs.ptx")
local grid = (n + BLOCK - 1) // BLOCK
local levels = 0
repeat
  over:set(0, 0)
  ws.launch(m, "bfs_expand", { grid = grid, block = BLOCK,
                               args = { nodes, edges, mask, updating, visited, cost, n } })
  ws.launch(m, "bfs_update", { grid = grid, block = BLOCK,
                               args = { mask, updating, visited, over, n } })
  ws.run()
  levels = levels + 1
  ws.check(levels <= n + 1, "bfs: the over flag never stays 0")
until over:get(0) == 0

-- Reference BFS.
local want, queue, head = {}, { 0 }, 1
for i = 1, n do want[i] = -1 end
want[1] = 0
while head <= #queue do
  local u = queue[head]; head = head + 1
  local c = want[u + 1] + 1
  for e = start[u + 1] + 1, start[u + 1] + deg[u + 1] do
    local w = edge[e]
    if want[w + 1] == -1 then
      want[w + 1] = c
      queue[#queue + 1] = w
    end
  end
end
local depth = 0
for i = 1, n do depth = math.max(depth, want[i]) end

v.equal(cost:read(), want, "cost")
ws.check(levels == depth + 1,
         string.format("bfs: %d levels run, want depth + 1 = %d", levels, depth + 1))
print(string.format("bfs: %d vertices, %d edges, %d reached, depth %d, %d launches of %d CTAs OK",
                    n, ne, #queue, depth, 2 * levels, grid))
