ws.config{ sim = { mode = "functional" } }
-- bfs: breadth-first search from vertex 0 of a 400-vertex undirected graph
-- (a chain with gaps, random forward jumps and a few long edges, built
-- deterministically below: depth 16, 7 vertices unreachable), one launch of
-- bfs_level per level, 128-thread blocks. The host loop clears the changed
-- flag, launches level cur, runs, and stops at the first launch that labels
-- nothing (17 launches); unreachable vertices keep -1.
--
-- What to look at: sparse, irregular work. In each launch only the warps
-- holding frontier vertices do anything, with few active lanes, different
-- neighbour-loop trip counts (divergence) and gather loads level[cols[e]]
-- that are almost all separate transactions. The launch count is the depth
-- of the graph plus one.
--
-- Reference: a queue-based BFS in Lua; exact comparison of every level, and
-- of the number of launches.
local v = require "verify"

local n = 400
local rng = v.lcg(10)

-- Undirected edges, stored both ways.
local adj = {}
for i = 0, n - 1 do adj[i] = {} end
local function edge(a, b)
  if a ~= b then
    table.insert(adj[a], b)
    table.insert(adj[b], a)
  end
end
for i = 0, n - 2 do
  if rng() % 10 < 7 then edge(i, i + 1) end                          -- the chain, with gaps
  if rng() % 10 < 6 then edge(i, math.min(n - 1, i + 2 + rng() % 60)) end  -- jumps 2..61 ahead
end
for _ = 1, 4 do edge(rng() % n, rng() % n) end                        -- a few long jumps

-- CSR arrays.
local rp, cl = { 0 }, {}
for i = 0, n - 1 do
  for _, u in ipairs(adj[i]) do cl[#cl + 1] = u end
  rp[#rp + 1] = #cl
end

local row_ptr = ws.alloc("s32", n + 1)
local cols = ws.alloc("s32", #cl)
local level = ws.alloc("s32", n)
local changed = ws.alloc("s32", 1)
row_ptr:write(rp)
cols:write(cl)
level:write(function(i) return i == 0 and 0 or -1 end)

local m = ws.load_ptx("../kernels/bfs.ptx")
local cur, launches = 0, 0
while true do
  changed:set(0, 0)
  ws.launch(m, "bfs_level", { grid = (n + 127) // 128, block = 128,
                              args = { n, row_ptr, cols, level, cur, changed } })
  ws.run()
  launches = launches + 1
  if changed:get(0) == 0 then break end
  cur = cur + 1
  ws.check(cur <= n, "bfs: the changed flag never stays 0")
end

-- Reference BFS.
local want, queue, head = {}, { 0 }, 1
for i = 1, n do want[i] = -1 end
want[1] = 0
while head <= #queue do
  local u = queue[head]; head = head + 1
  for _, w in ipairs(adj[u]) do
    if want[w + 1] == -1 then
      want[w + 1] = want[u + 1] + 1
      queue[#queue + 1] = w
    end
  end
end
local depth, reached = 0, 0
for i = 1, n do
  if want[i] >= 0 then reached = reached + 1 end
  depth = math.max(depth, want[i])
end

v.equal(level:read(), want, "level")
ws.check(launches == depth + 1,
         string.format("bfs: %d launches, want depth + 1 = %d", launches, depth + 1))
print(string.format("bfs: %d vertices, %d edges, %d reached, depth %d, %d launches OK",
                    n, #cl // 2, reached, depth, launches))
