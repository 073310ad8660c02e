-- kmeans: Rodinia's "kmeans" (k-means clustering, the assignment step on
-- the GPU). kmeans_invert transposes the points to feature-major order once
-- (blocks of 256, one thread per point); then per iteration the host
-- uploads the centres, kmeans_point assigns every point to its nearest
-- centre (a square grid of 256-thread blocks, one thread per point), and
-- the host moves each centre to the mean of its points (float sums, as the
-- benchmark's C code), until no point changes cluster or after at most 3
-- assignments (the benchmark iterates to convergence). 5 clusters and 34 features, like the benchmark's kdd_cup
-- runs.
--
-- Points: 5 generated centres in [0.1, 0.9)^34, each point one of them
-- plus uniform noise in [-0.25, 0.25) per feature; the initial centres
-- are the first 5 points (as the benchmark).
--
-- Sizes (workload.size):
--   test   1,024 points: kmeans_invert 4 CTAs, kmeans_point 3 x 3 grids
--          (4 CTAs with points) x 256
--   paper  131,072 points (the benchmark's kdd_cup has 494,020 x 34; cut
--          to a quarter to keep the run short): kmeans_invert 512 CTAs,
--          kmeans_point 23 x 23 grids (512 CTAs with points) x 256
--
-- What it stresses: a long per-thread loop (clusters x features
-- multiply-adds) over a coalesced stream re-read once per cluster (L2
-- bandwidth, little L1 reuse per warp), broadcast loads of the centres
-- (every thread the same address: L1 hits), register pressure (ptxas
-- unrolls the feature loop), and the transpose's strided reads (one line
-- per thread and feature).
--
-- Reference: the transposed features exactly; every assignment replayed
-- in float32 (diff = f - c, ans = fma(diff, diff, ans) in feature order,
-- strict < across clusters) and compared exactly: all points at test
-- size, 2,048 spread over the points at paper size, in every iteration.
local v = require "verify"

local size = ws.config()["workload.size"]
local npoints = size == "paper" and 131072 or 1024
local nf, nc, max_iter = 34, 5, 3
local BLOCK = 256
local F, fma = ws.f32, v.fma32
local rng = v.lcg(91)

local true_c = {}
for c = 1, nc do
  true_c[c] = {}
  for j = 1, nf do true_c[c][j] = 0.1 + 0.8 * (rng() % 4096) / 4096 end
end
local feat = {}                       -- point-major, 1-based, float32 values
for p = 0, npoints - 1 do
  local tc = true_c[rng() % nc + 1]
  for j = 1, nf do
    feat[p * nf + j] = F(tc[j] + ((rng() % 4096) - 2048) / 8192)
  end
end

local input = ws.alloc("f32", npoints * nf)
local fmaj = ws.alloc("f32", npoints * nf)
local member = ws.alloc("s32", npoints)
local clusters = ws.alloc("f32", nc * nf)
input:write(feat)

local m = ws.load_ptx("kmeans.ptx")
local nb = (npoints + BLOCK - 1) // BLOCK
ws.launch(m, "kmeans_invert", { grid = nb, block = BLOCK, args = { input, fmaj, npoints, nf } })
ws.run()
do
  local got, bad, first = fmaj:read(), 0, nil
  for p = 0, npoints - 1 do
    for j = 0, nf - 1 do
      if got[p + npoints * j + 1] ~= feat[p * nf + j + 1] then
        bad = bad + 1
        first = first or string.format("point %d feature %d", p, j)
      end
    end
  end
  ws.check(bad == 0, string.format("feature-major features: %d of %d differ; first %s",
                                   bad, npoints * nf, first))
end
collectgarbage()

-- The points whose assignment is checked.
local samples = v.spread(npoints, size == "paper" and 2048 or npoints)

local centres = {}
for k = 1, nc * nf do centres[k] = feat[k] end        -- the first nc points
local d = math.floor(math.sqrt(nb)) + 1
local prev, iters, changed = {}, 0, -1
for p = 1, npoints do prev[p] = -1 end
repeat
  clusters:write(centres)
  ws.launch(m, "kmeans_point", { grid = { d, d }, block = BLOCK,
                                 args = { fmaj, nf, npoints, nc, member, clusters } })
  ws.run()
  iters = iters + 1
  local got = member:read()

  -- Check the sampled assignments.
  local gs, ws_ = {}, {}
  for _, p in ipairs(samples) do
    local best, idx = math.huge, -1
    for c = 0, nc - 1 do
      local ans = 0.0
      for j = 1, nf do
        local diff = F(feat[p * nf + j] - centres[c * nf + j])
        ans = fma(diff, diff, ans)
      end
      if ans < best then best, idx = ans, c end
    end
    gs[#gs + 1], ws_[#ws_ + 1] = got[p + 1], idx
  end
  v.equal(gs, ws_, string.format("iteration %d: memberships of %d points", iters, #samples))

  -- The host's centre update.
  changed = 0
  local sum, cnt = {}, {}
  for k = 1, nc * nf do sum[k] = 0.0 end
  for c = 1, nc do cnt[c] = 0 end
  for p = 0, npoints - 1 do
    local c = got[p + 1]
    if c ~= prev[p + 1] then changed = changed + 1 end
    prev[p + 1] = c
    cnt[c + 1] = cnt[c + 1] + 1
    for j = 1, nf do sum[c * nf + j] = F(sum[c * nf + j] + feat[p * nf + j]) end
  end
  for c = 0, nc - 1 do
    if cnt[c + 1] > 0 then
      for j = 1, nf do centres[c * nf + j] = F(sum[c * nf + j] / cnt[c + 1]) end
    end
  end
until changed == 0 or iters == max_iter
print(string.format("kmeans: %d points, %d features, %d clusters: %d assignments OK (%d changed in the last)",
                    npoints, nf, nc, iters, changed))
