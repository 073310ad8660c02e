-- streamcluster: Rodinia's "streamcluster" (online facility-location
-- clustering; the GPU computes the gain of opening each candidate centre,
-- the benchmark's pgain step). One launch of sc_compute_cost
-- (streamcluster.cu) per candidate, blocks of 512 threads, one thread per
-- point, the candidate's coordinates in dim floats of dynamic shared
-- memory. Between launches the host zeroes the work array, sums its
-- columns, opens the candidate if that lowers the total cost (closing the
-- centres it makes redundant), and moves the points, as the benchmark.
-- The first candidate opens the first centre (every point starts with a
-- cost of 2^24, above any distance); then candidates are random points.
--
-- Points: 8 generated cluster centres with integer coordinates 0..15 and
-- each point one of them plus -1, 0 or +1 per coordinate (clamped),
-- weight 1. With integer coordinates every distance and cost is an
-- integer below 2^24, exact in float32 in any order, so the host can read
-- each point's distance back from the work array (as x_cost - cost or
-- cost - x_cost). Facility cost z = n/8 * 42.5 * dim / 4 (a quarter of
-- what a centre in a new cluster saves; one next to an open centre saves
-- far less and stays closed).
--
-- Sizes (workload.size):
--   test   n = 4,096 points, dim = 32, 6 candidates: 6 launches of
--          8 CTAs x 512
--   paper  n = 65,536 points, dim = 256 (the benchmark's command line
--          "10 20 256 65536 65536 ..."), 4 candidates: 4 launches of
--          128 CTAs x 512 (the benchmark evaluates candidates until its
--          clustering settles: hundreds of launches)
--
-- What it stresses: streaming every coordinate once per launch
-- (coalesced, feature-major, no reuse within a launch: L2/DRAM
-- bandwidth), a broadcast shared-memory operand per coordinate, strided
-- 32-byte point records (weight, cost, centre) and one uncoalesced
-- read-modify-write per thread in its own work row; the branch on the
-- comparison diverges where clusters meet.
--
-- Reference: the distances in Lua (integers); for every launch, the switch
-- flag and the work-array entry of each checked point compared exactly
-- (and, at test size, the whole work row zero elsewhere): all points at
-- test size, 2,048 spread over the points at paper size. The host's
-- decisions use the distances read back from the work array.
local v = require "verify"

local size = ws.config()["workload.size"]
local n, dim, ncand
if size == "paper" then
  n, dim, ncand = 65536, 256, 4
else
  n, dim, ncand = 4096, 32, 6
end
local BLOCK, NCL, KMAX = 512, 8, 16
local SENT = 16777216.0                   -- 2^24: the cost before any centre exists
local z = n / NCL * 42.5 * dim / 4
local rng = v.lcg(111)

local centre = {}
for c = 0, NCL - 1 do
  centre[c] = {}
  for d = 0, dim - 1 do centre[c][d] = rng() % 16 end
end
local cl = {}
for i = 0, n - 1 do cl[i] = rng() % NCL end
-- Coordinate d of point i: its cluster's plus a hashed -1/0/+1, clamped.
local function coord(i, d)
  local h = ((i * 2654435761) ~ (d * 2246822519)) & 0xffffffff
  h = ((h ~ (h >> 15)) * 2246822507) & 0xffffffff
  local x = centre[cl[i]][d] + (h >> 16) % 3 - 1
  if x < 0 then return 0 elseif x > 15 then return 15 end
  return x
end
local function dist(i, j)
  local s = 0
  for d = 0, dim - 1 do
    local t = coord(i, d) - coord(j, d)
    s = s + t * t
  end
  return s
end

local coord_d = ws.alloc("f32", dim * n)
coord_d:write(function(k) return coord(k % n, k // n) end)

-- Point records, 8 words each: weight, pad, coord (2), assign (2), cost, pad.
local function fbits(x) return (string.unpack("<I4", string.pack("<f", x))) end
local points = ws.alloc("u32", 8 * n)
local assign, cost = {}, {}
for i = 0, n - 1 do assign[i], cost[i] = 0, SENT end
points:write(function(k)
  local w = k % 8
  if w == 0 then return fbits(1.0) end
  if w == 6 then return fbits(SENT) end
  return 0
end)
local function put_point(i)
  points:set(8 * i + 4, assign[i])       -- assign < 2^32: the high word stays 0
  points:set(8 * i + 6, fbits(cost[i]))
end

local work = ws.alloc("f32", n * (KMAX + 1))
local table_d = ws.alloc("s32", n)
local switch = ws.alloc("u8", n)

local samples = v.spread(n, size == "paper" and 2048 or n)

local m = ws.load_ptx("streamcluster.ptx")
local centres = {}                        -- open centres (point indices), in slot order
local opened, closed = 0, 0
for cand = 1, ncand do
  local x = cand == 1 and 0 or rng() % n
  local K = #centres
  local stride = K + 1
  local slot = {}
  for s, p in ipairs(centres) do slot[p] = s - 1; table_d:set(p, s - 1) end
  work:write(function() return 0.0 end)
  switch:write(function() return 0 end)
  ws.launch(m, "sc_compute_cost", { grid = (n + BLOCK - 1) // BLOCK, block = BLOCK,
                                    shared = dim * 4,
                                    args = { n, dim, x, points, K, stride, coord_d, work,
                                             table_d, switch } })
  ws.run()
  local sw, wk = switch:read(), work:read()

  -- Check the sampled points against distances computed here.
  local got, want = {}, {}
  for _, i in ipairs(samples) do
    local xc = dist(i, x)
    local col = xc < cost[i] and K or slot[assign[i]]
    got[#got + 1], want[#want + 1] = sw[i + 1], xc < cost[i] and 1 or 0
    got[#got + 1] = wk[i * stride + col + 1]
    want[#want + 1] = xc < cost[i] and xc - cost[i] or cost[i] - xc
    if size ~= "paper" then
      for c = 0, K do
        if c ~= col then got[#got + 1], want[#want + 1] = wk[i * stride + c + 1], 0.0 end
      end
    end
  end
  v.equal(got, want, string.format("candidate %d (point %d, %d centres): switch flags and gains",
                                   cand, x, K))

  -- The host's decision, from the distances the work array gives back.
  local xcost, gain, low = {}, z, {}
  for s = 0, K - 1 do low[s] = z end
  for i = 0, n - 1 do
    if sw[i + 1] == 1 then
      local d = wk[i * stride + K + 1]
      xcost[i] = d + cost[i]
      gain = gain + d
    else
      local s = slot[assign[i]]
      local d = wk[i * stride + s + 1]
      xcost[i] = cost[i] - d
      low[s] = low[s] + d
    end
  end
  for s = 0, K - 1 do if low[s] > 0 then gain = gain - low[s] end end
  if gain < 0 and K < KMAX then
    for i = 0, n - 1 do
      if sw[i + 1] == 1 or low[slot[assign[i]]] > 0 then     -- switches, or its centre closes
        assign[i], cost[i] = x, xcost[i]
        put_point(i)
      end
    end
    local keep = {}
    for s, p in ipairs(centres) do
      if low[s - 1] > 0 then closed = closed + 1 else keep[#keep + 1] = p end
    end
    keep[#keep + 1] = x
    centres = keep
    opened = opened + 1
  end
end
local total, worst = 0, 0
for i = 0, n - 1 do
  total = total + cost[i]
  worst = math.max(worst, cost[i])
end
ws.check(worst < SENT, "streamcluster: a point has no centre")
print(string.format("streamcluster: %d points, dim %d, %d candidates OK: %d opened, %d closed, %d centres, cost %d",
                    n, dim, ncand, opened, closed, #centres, total))
