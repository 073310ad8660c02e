-- nw: Rodinia's "nw" (Needleman-Wunsch global sequence alignment: the
-- score matrix of two protein sequences of length n, penalty 10 per gap).
-- Kernels nw_upper and nw_lower (nw.cu): one block of 16 threads per
-- 16 x 16 tile, one launch per anti-diagonal of the tile grid, first the
-- n/16 diagonals of the upper-left triangle (1, 2, .. n/16 CTAs), then
-- the n/16 - 1 of the lower-right one (n/16 - 1 .. 1 CTAs), as the
-- benchmark's host loop. All launches are queued and run by one ws.run(),
-- in order.
--
-- Sizes (workload.size):
--   test   n = 128: 15 launches, 64 CTAs x 16 in all
--   paper  n = 2,048 (the benchmark's command line "2048 10"): 255
--          launches, 1 .. 128 CTAs x 16 each, 16,384 CTAs in all. The
--          wavefront never holds more than 128 tiles, so no launch
--          reaches 3 waves of fermi's 15 x 8 CTA slots; every SM still
--          gets work in most launches (the benchmark is like that at any
--          size).
--
-- What it stresses: shared memory (a 17 x 17 score tile swept along its
-- anti-diagonals: 8-way bank conflicts, 31 barriers per tile), a strided
-- column read (16 lines for 16 words), coalesced 64-byte row loads and
-- stores, divergence (the active threads grow and shrink along the
-- diagonal), half-empty warps (16-thread blocks) and low occupancy (the
-- 8-CTA limit gives 8 half warps per SM).
--
-- Scores: a symmetric 20 x 20 substitution table generated below
-- (diagonal +4 .. +11, elsewhere -4 .. +2, like BLOSUM62's range), random
-- residues.
--
-- Reference: the recurrence in Lua, exact comparison of the whole score
-- matrix.
local v = require "verify"

local size = ws.config()["workload.size"]
local n = size == "paper" and 2048 or 128
local penalty, BS = 10, 16
local cols = n + 1
local rng = v.lcg(51)

local sub = {}
for a = 0, 19 do sub[a] = {} end
for a = 0, 19 do
  for b = a, 19 do
    local s = a == b and 4 + rng() % 8 or rng() % 7 - 4
    sub[a][b], sub[b][a] = s, s
  end
end
local sa, sb = {}, {}
for i = 1, n do sa[i] = rng() % 20 end
for j = 1, n do sb[j] = rng() % 20 end

local ref = ws.alloc("s32", cols * cols)
local score = ws.alloc("s32", cols * cols)
ref:write(function(k)
  local i, j = k // cols, k % cols
  if i == 0 or j == 0 then return 0 end
  return sub[sa[i]][sb[j]]
end)
score:write(function(k)
  local i, j = k // cols, k % cols
  if i == 0 then return -j * penalty end
  if j == 0 then return -i * penalty end
  return 0
end)

local m = ws.load_ptx("nw.ptx")
local nt = n // BS
for i = 1, nt do
  ws.launch(m, "nw_upper", { grid = i, block = BS, args = { ref, score, cols, penalty, i, nt } })
end
for i = nt - 1, 1, -1 do
  ws.launch(m, "nw_lower", { grid = i, block = BS, args = { ref, score, cols, penalty, i, nt } })
end
ws.run()

-- Reference, row by row.
local got = score:read()
local prev = {}
for j = 0, n do prev[j] = -j * penalty end
local bad, first = 0, nil
for i = 1, n do
  local row = { [0] = -i * penalty }
  local sr, ai = sub[sa[i]], nil
  for j = 1, n do
    local d = prev[j - 1] + sr[sb[j]]
    local w = row[j - 1] - penalty
    local u = prev[j] - penalty
    local s = d
    if w > s then s = w end
    if u > s then s = u end
    row[j] = s
    if got[i * cols + j + 1] ~= s then
      bad = bad + 1
      first = first or string.format("[%d][%d]: got %d, want %d", i, j, got[i * cols + j + 1], s)
    end
  end
  prev = row
end
for j = 0, n do
  if got[j + 1] ~= -j * penalty or got[j * cols + 1] ~= -j * penalty then
    bad = bad + 1
    first = first or string.format("border element %d changed", j)
  end
end
ws.check(bad == 0, string.format("score matrix: %d of %d elements differ; first %s",
                                 bad, cols * cols, first))
print(string.format("nw: %d x %d, %d launches (%d tiles) OK, alignment score %d",
                    n, n, 2 * nt - 1, nt * nt, prev[n]))
