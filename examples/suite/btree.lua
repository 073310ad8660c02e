-- btree: Rodinia's "b+tree" (batched searches in a B+ tree of order 256).
-- Two kernels (btree.cu), one block of 256 threads (the order) per query:
-- btree_find_k (single keys: the record's value) and btree_find_range
-- (ranges: the first record and the number of records), each walking the
-- tree level by level from the root with one thread per key slot, as the
-- benchmark's "k" and "j" commands.
--
-- Tree: N records with strictly increasing keys (gaps of 1 to 5) and
-- random values, bulk-loaded with 192 keys per leaf and 192 children per
-- internal node (three quarters full), laid out root first, level by
-- level. Queries: single keys are a record's key (3 in 4) or a random
-- value that usually misses; ranges start at a random record and cover
-- 1 .. R records.
--
-- Sizes (workload.size):
--   test   N = 40,000 records (209 leaves, height 2): 64 single-key and
--          32 range queries (R = 500): 64 and 32 CTAs x 256
--   paper  N = 1,000,000 records (the benchmark's mil.txt size; 5,209
--          leaves, height 2): 10,000 single-key and 6,000 range queries
--          with R = 3,000 (its command.txt): 10,000 and 6,000 CTAs x 256
--
-- What it stresses: dependent loads (each level's node number is loaded
-- before its keys: a memory round trip per level), 1 KB of keys read per
-- node and block with one useful slot (wasted bandwidth, branch on a rare
-- match), the upper levels shared by all queries (L1/L2 hits) and leaves
-- scattered over 11 MB (misses), 64-bit per-query state written by one
-- thread between barriers.
--
-- Reference: binary search over the sorted keys in Lua; every answer,
-- record start and length compared exactly.
local v = require "verify"

local size = ws.config()["workload.size"]
local N, Q1, Q2, R
if size == "paper" then
  N, Q1, Q2, R = 1000000, 10000, 6000, 3000
else
  N, Q1, Q2, R = 40000, 64, 32, 500
end
local ORDER, FILL = 256, 192
local W = 517          -- 32-bit words per node: location, indices[257], keys[257], is_leaf, num_keys
local INT_MIN, INT_MAX = -2147483648, 2147483647
local rng = v.lcg(101)

local key, val = {}, {}
local k = 0
for r = 0, N - 1 do
  k = k + 1 + rng() % 5
  key[r] = k
  val[r] = rng() % 1000000
end

-- Levels, root first: count and first node index of each; the leaves last.
local cnt = { (N + FILL - 1) // FILL }
while cnt[1] > 1 do table.insert(cnt, 1, (cnt[1] + FILL - 1) // FILL) end
local H = #cnt                              -- levels; height = H - 1 internal levels
local base, nodes = {}, 0
for h = 1, H do base[h] = nodes; nodes = nodes + cnt[h] end
local span = {}                             -- records under one node of level h
span[H] = FILL
for h = H - 1, 1, -1 do span[h] = span[h + 1] * FILL end

-- Node word w of node i (level h, index j in the level).
local lvl = {}
for h = 1, H do for j = 0, cnt[h] - 1 do lvl[base[h] + j] = h end end
local function word(i, w)
  local h = lvl[i]
  local j = i - base[h]
  if w == 0 then return i end                                   -- location
  if w == 515 then return h == H and 1 or 0 end                 -- is_leaf
  local first, nk
  if h == H then
    first = j * FILL
    nk = math.min(FILL, N - first)
  else
    first = j * FILL                                            -- first child
    nk = math.min(FILL, cnt[h + 1] - first)
  end
  if w == 516 then return nk end                                -- num_keys
  local slot = (w <= 257) and w - 1 or w - 258
  if slot >= nk then return w <= 257 and 0 or INT_MAX end
  if w <= 257 then                                              -- indices[slot]
    return h == H and first + slot or base[h + 1] + first + slot
  end
  if h == H then return key[first + slot] end                   -- keys[slot]
  if slot == 0 then return INT_MIN end
  return key[(first + slot) * span[h + 1]]
end

local knodes = ws.alloc("s32", nodes * W)
knodes:write(function(i) return word(i // W, i % W) end)
local records = ws.alloc("s32", N)
records:write(function(i) return val[i] end)

-- Single-key queries.
local qk = {}
for q = 1, Q1 do
  if rng() % 4 < 3 then qk[q] = key[rng() % N] else qk[q] = rng() % (key[N - 1] + 2) end
end
local keys = ws.alloc("s32", Q1)
local ans = ws.alloc("s32", Q1)
local curr1, off1 = ws.alloc("s64", Q1), ws.alloc("s64", Q1)
keys:write(qk)
ans:write(function() return -1 end)

-- Range queries.
local rs, rl = {}, {}
for q = 1, Q2 do
  rs[q] = rng() % (N - R)
  rl[q] = 1 + rng() % R
end
local starts, ends = ws.alloc("s32", Q2), ws.alloc("s32", Q2)
local rec_start, rec_len = ws.alloc("s32", Q2), ws.alloc("s32", Q2)
local curr2, off2 = ws.alloc("s64", Q2), ws.alloc("s64", Q2)
local last2, off22 = ws.alloc("s64", Q2), ws.alloc("s64", Q2)
starts:write(function(i) return key[rs[i + 1]] end)
ends:write(function(i) return key[rs[i + 1] + rl[i + 1] - 1] end)
rec_start:write(function() return -1 end)
rec_len:write(function() return -1 end)

local m = ws.load_ptx("btree.ptx")
ws.launch(m, "btree_find_k", { grid = Q1, block = ORDER,
                               args = { H - 1, knodes, nodes, records, curr1, off1, keys, ans } })
ws.launch(m, "btree_find_range", { grid = Q2, block = ORDER,
                                   args = { H - 1, knodes, nodes, curr2, off2, last2, off22,
                                            starts, ends, rec_start, rec_len } })
ws.run()

-- Reference: binary search.
local function find(x)
  local lo, hi = 0, N - 1
  while lo <= hi do
    local mid = (lo + hi) // 2
    if key[mid] == x then return mid end
    if key[mid] < x then lo = mid + 1 else hi = mid - 1 end
  end
  return nil
end
local want, hits = {}, 0
for q = 1, Q1 do
  local r = find(qk[q])
  want[q] = r and val[r] or -1
  if r then hits = hits + 1 end
end
v.equal(ans:read(), want, "single-key answers")
v.equal(rec_start:read(), rs, "range starts")
v.equal(rec_len:read(), rl, "range lengths")
print(string.format("btree: %d records, %d nodes, height %d: %d key queries (%d hits), %d ranges OK",
                    N, nodes, H - 1, Q1, hits, Q2))
