-- acc_bfs: level-synchronous BFS driven from Lua, one launch and one
-- ws.run() per level; between runs the scenario resets a device flag with
-- buf:set and reads it with buf:get (host loop as in CUDA BFS codes).
-- Kernels use a grid-stride loop over vertices, CSR adjacency with
-- data-dependent inner loops, atom.global.cas to claim a vertex, atomicMin
-- to pick the smallest parent deterministically, and a final histogram of
-- levels with atom.global.add. Checks every distance, every parent, the
-- histogram and the number of levels.
-- Kernel: tests/kernels/acc_bfs.cu

local m = ws.load_ptx("../../tests/kernels/acc_bfs.ptx")

local seed = 31415
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end

local NV = 500
local adj = {}
for v = 0, NV - 1 do adj[v] = {} end
local function edge(a, b)
  if a ~= b then table.insert(adj[a], b); table.insert(adj[b], a) end
end
for v = 1, 399 do edge(v, rnd() % v) end                  -- a random tree over 0..399 (connected)
for _ = 1, 150 do edge(rnd() % 400, rnd() % 400) end       -- extra edges: several paths, same levels
for v = 400, 479 do edge(v, 400 + rnd() % 80) end          -- a second component, unreachable from 0
-- 480..499 stay isolated
local rp, cols = { 0 }, {}
for v = 0, NV - 1 do
  table.sort(adj[v])
  for _, w in ipairs(adj[v]) do cols[#cols + 1] = w end
  rp[#rp + 1] = #cols
end
local brp = ws.alloc("s32", NV + 1); brp:write(rp)
local bcols = ws.alloc("s32", #cols); bcols:write(cols)
local bdist = ws.alloc("s32", NV); bdist:write(function(v) return v == 0 and 0 or -1 end)
local bpar = ws.alloc("s32", NV); bpar:write(function(v) return v == 0 and -1 or 0x7fffffff end)
local bchg = ws.alloc("s32", 1)

local level = 0
repeat
  bchg:set(0, 0)
  ws.launch(m, "bfs_level", { grid = 4, block = 64, args = { brp, bcols, bdist, bpar, bchg, level, NV } })
  ws.run()
  level = level + 1
  ws.check(level <= NV, "bfs: no convergence")
until bchg:get(0) == 0

local MAXL = 40
local bh = ws.alloc("s32", MAXL + 2); bh:write(function() return 0 end)
ws.launch(m, "level_histogram", { grid = (NV + 127) // 128, block = 128, args = { bdist, bh, NV, MAXL } })
ws.run()

-- reference BFS
local dist = {}
for v = 0, NV - 1 do dist[v] = -1 end
dist[0] = 0
local q, h = { 0 }, 1
while h <= #q do
  local u = q[h]; h = h + 1
  for _, w in ipairs(adj[u]) do
    if dist[w] == -1 then dist[w] = dist[u] + 1; q[#q + 1] = w end
  end
end
local D = 0
for v = 0, NV - 1 do if dist[v] > D then D = dist[v] end end

local gd, gp, gh = bdist:read(), bpar:read(), bh:read()
for v = 0, NV - 1 do
  ws.check(gd[v + 1] == dist[v], string.format("bfs dist[%d] = %d, expected %d", v, gd[v + 1], dist[v]))
  local ep = (v == 0) and -1 or 0x7fffffff
  if v ~= 0 and dist[v] > 0 then
    for _, w in ipairs(adj[v]) do
      if dist[w] == dist[v] - 1 and w < ep then ep = w end
    end
  end
  ws.check(gp[v + 1] == ep, string.format("bfs parent[%d] = %d, expected %d", v, gp[v + 1], ep))
end
local hist = {}
for k = 0, MAXL + 1 do hist[k] = 0 end
for v = 0, NV - 1 do
  local d = dist[v]
  local k = (d < 0 or d > MAXL) and MAXL + 1 or d
  hist[k] = hist[k] + 1
end
for k = 0, MAXL + 1 do
  ws.check(gh[k + 1] == hist[k], string.format("bfs histogram[%d] = %d, expected %d", k, gh[k + 1], hist[k]))
end
ws.check(level == D + 1, string.format("bfs took %d level launches, expected %d (depth %d + 1)", level, D + 1, D))

print(string.format("acc_bfs: OK (%d vertices, %d edges, depth %d, %d launches)", NV, #cols, D, level + 1))
