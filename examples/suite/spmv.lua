-- spmv (Parboil spmv, JDS format with per-warp padding): y = A * x, one
-- thread per row in rows sorted by length, blocks of 192 threads; two
-- iterations of the product (Parboil repeats it; the second runs on a warm
-- L2).
--
-- Stresses: an irregular gather (x[index]) next to perfectly coalesced
-- streams (data, index: one line per warp per diagonal), a scattered store
-- through the row permutation, loop trip counts set per warp, register use
-- of an unrolled gather loop (ptxas needs 30).
--
-- The matrix is generated, not read (Parboil reads Matrix Market files):
-- rows have random lengths, and row r's k-th nonzero is in column
-- r + dy * W + dx (mod rows) for the k-th nearest offset (dy, dx) of a 7 x 7
-- neighbourhood, the pattern of a 2-D finite-element mesh of width W.
-- Sizes (workload.size), after Parboil's datasets:
--   test   like "small" (1138_bus: 1138 rows, ~3.6 nonzeros per row):
--          1138 rows, 1-6 nonzeros, W = 34: grid 6 CTAs x 192
--   paper  like "large" (Dubcova3: 146,689 rows, 24.8 per row):
--          146,689 rows, 16-33 nonzeros (~3.6 M), W = 383: grid 765 x 192
--
-- Reference: each row is the chain of fma.rn.f32 over its nonzeros in
-- order (padding adds exact zeros), replayed with verify.fma32 and
-- compared exactly: every row at test size, 4096 rows spread over the
-- matrix at paper size.
local v = require "verify"

local size = ws.config()["workload.size"]
local rows, W, lmin, lspan = 1138, 34, 1, 6
if size == "paper" then rows, W, lmin, lspan = 146689, 383, 16, 18 end
local BLOCK, ITERS = 192, 2

-- Offsets of the 7 x 7 neighbourhood, nearest first (ties by dy, then dx).
local offs = {}
for dy = -3, 3 do for dx = -3, 3 do offs[#offs + 1] = { dy, dx } end end
table.sort(offs, function(a, b)
  local da, db = a[1] * a[1] + a[2] * a[2], b[1] * b[1] + b[2] * b[2]
  if da ~= db then return da < db end
  if a[1] ~= b[1] then return a[1] < b[1] end
  return a[2] < b[2]
end)
local function col(r, k) return (r + offs[k + 1][1] * W + offs[k + 1][2]) % rows end
local function val(r, k) return ((r * 7 + k * 13) % 31 - 15) / 16 end

local rng = v.lcg(61)
local len = {}
for r = 0, rows - 1 do len[r] = lmin + rng() % lspan end

-- Sort rows by decreasing length (stable): perm[ix] is the row at position ix.
local perm, npos = {}, 0
for l = lmin + lspan - 1, lmin, -1 do
  for r = 0, rows - 1 do
    if len[r] == l then perm[npos] = r; npos = npos + 1 end
  end
end
local nwarps = (rows + 31) // 32
local zcnt, jds_ptr = {}, { [0] = 0 }
for w = 0, nwarps - 1 do zcnt[w] = len[perm[w * 32]] end
for k = 0, zcnt[0] - 1 do
  local warps = 0
  while warps < nwarps and zcnt[warps] > k do warps = warps + 1 end
  jds_ptr[k + 1] = jds_ptr[k] + 32 * warps
end
local total = jds_ptr[zcnt[0]]

-- Element j of the diagonal storage: (row, k) or nil for padding. Writes
-- visit j in increasing order, so the diagonal is found by walking forward.
local kcur = 0
local function entry(j)
  if j < jds_ptr[kcur] then kcur = 0 end
  while j >= jds_ptr[kcur + 1] do kcur = kcur + 1 end
  local ix = j - jds_ptr[kcur]
  if ix < rows and kcur < len[perm[ix]] then return perm[ix], kcur end
  return nil
end

local d_data, d_index = ws.alloc("f32", total), ws.alloc("s32", total)
d_data:write(function(j) local r, k = entry(j); return r and val(r, k) or 0.0 end)
d_index:write(function(j) local r, k = entry(j); return r and col(r, k) or 0 end)
local d_perm, d_x, d_y = ws.alloc("s32", rows), ws.alloc("f32", rows), ws.alloc("f32", rows)
d_perm:write(function(i) return perm[i] end)
d_x:write(function() return ((rng() >> 7) - (1 << 23)) / (1 << 23) end)
local d_ptr, d_zcnt = ws.alloc("s32", zcnt[0] + 1), ws.alloc("s32", nwarps)
d_ptr:write(function(k) return jds_ptr[k] end)
d_zcnt:write(function(w) return zcnt[w] end)

local mod = ws.load_ptx("spmv.ptx")
for _ = 1, ITERS do
  ws.launch(mod, "spmv_jds", { grid = (rows + BLOCK - 1) // BLOCK, block = BLOCK,
                               args = { d_y, d_data, d_index, d_perm, d_x, rows,
                                        d_ptr, d_zcnt } })
end
ws.run()

local x, y = d_x:read(), d_y:read()
local function want_at(r)
  local s = 0.0
  for k = 0, len[r] - 1 do s = v.fma32(val(r, k), x[col(r, k) + 1], s) end
  return s
end
local got, want = {}, {}
local nsample = size == "paper" and 4096 or rows
for s = 0, nsample - 1 do
  local r = size == "paper" and (s * 35771 + 13) % rows or s
  got[#got + 1], want[#want + 1] = y[r + 1], want_at(r)
end
v.equal(got, want, "y")
print(string.format("spmv (%s): %d rows, %d nonzeros + padding in %d diagonals, %d rows checked OK",
                    size, rows, total, zcnt[0], nsample))
