-- histo (Parboil histo): a saturating histogram (counts clamped to 255) of
-- an image of bin indices, in Parboil's four kernels: prescan (estimate
-- the range of bin blocks holding most values), intermediates (bin index to
-- a packed mapping), main (grid BLOCK_X x range blocks: shared-memory
-- sub-histograms of 12288 16-bit counters with shared atomics; values
-- outside the range go to a global histogram with global atomics) and final
-- (clamp to 8 bits). The host reads the range back between the kernels, as
-- Parboil's does, and clamps it to the histogram.
--
-- Stresses: shared-memory atomics with contention on popular bins, global
-- atomics for the outliers, a 24 KB shared array that limits occupancy to
-- 2 CTAs per SM, coalesced streaming of the mappings (each range row of
-- CTAs re-reads them), divergence on the in-range test.
--
-- The image is generated (Parboil reads one): bin indices from a
-- bell-shaped distribution around the middle of the histogram (a sum of
-- four uniforms), plus 8 hot bins near the centre and 1 far away (whose
-- counts saturate at 255) and 0.2% of values spread uniformly.
-- Sizes (workload.size):
--   test   1024 x 512 image, 256 x 256 bins; BLOCK_X = 10
--   paper  996 x 1040 image (Parboil's default dataset's size), 1024 x 1024
--          bins; BLOCK_X = 45, so that the main kernel's grid (45 x the
--          range blocks) gives the 15 SMs of fermi at least 3 waves at 2
--          CTAs per SM (Parboil's BLOCK_X is 14, one per SM of its GPU)
--
-- Reference: the histogram is counted in Lua and compared exactly; the
-- range found by the prescan is replayed in Lua (its float operations in
-- the kernel's order: per-thread sums, fma for the squares, IEEE division
-- and square root, the shared-memory tree) and compared exactly.
local v = require "verify"

local size = ws.config()["workload.size"]
local width, height, hbins, block_x, sigma = 1024, 512, 256 * 256, 10, 1500
if size == "paper" then width, height, hbins, block_x, sigma = 996, 1040, 1024 * 1024, 45, 2450 end
local n = width * height
local BPB, PRESCAN_BLOCKS, PRESCAN_THREADS, UNROLL = 12288, 64, 512, 16
ws.check(n // block_x < 65536, "one CTA must scan fewer than 65536 values")
ws.check(n // PRESCAN_BLOCKS // 8 >= PRESCAN_THREADS, "every prescan thread needs a sample")

local rng = v.lcg(81)
local centre = hbins // 2
local hot = {}
for h = 1, 8 do hot[h] = centre + (h * 2971) % 4000 - 2000 end
hot[9] = hbins // 16
local counts = {}
local img = ws.alloc("u32", n)
img:write(function()
  local r = rng() % 1000
  local b
  if r < 2 then
    b = rng() % hbins
  elseif r < 32 then
    b = hot[r % 9 + 1]
  else
    local s = rng() % 4096 + rng() % 4096 + rng() % 4096 + rng() % 4096 - 8192
    b = centre + s * sigma * 1732 // (4096 * 1000)   -- sqrt(3) sigma per uniform
  end
  counts[b] = (counts[b] or 0) + 1
  return b
end)

local mod = ws.load_ptx("histo.ptx")
local minmax = ws.alloc("u32", 2)
minmax:write{ 0xffffffff, 0 }
ws.launch(mod, "histo_prescan", { grid = PRESCAN_BLOCKS, block = PRESCAN_THREADS,
                                  args = { img, n, minmax } })
local maps = ws.alloc("u32", n)       -- uchar4 mappings
ws.launch(mod, "histo_intermediates", { grid = height // UNROLL, block = width // 2,
                                        args = { img, width, maps } })
ws.run()

-- The prescan replayed: the range of bin blocks it must have found.
local f, x = ws.f32, img:read()
local function to_u32(a)             -- cvt.rzi.u32.f32: truncate, saturate
  if a ~= a or a <= 0 then return 0 end
  return math.min(math.floor(a), 0xffffffff)
end
local stride = n // PRESCAN_BLOCKS
local lo_want, hi_want = 0xffffffff, 0
for b = 0, PRESCAN_BLOCKS - 1 do
  local first, last = b * stride, b * stride + stride // 8
  local avgs, devs = {}, {}
  for t = 0, PRESCAN_THREADS - 1 do
    local sum, cnt = 0.0, 0
    for a = first + t, last - 1, PRESCAN_THREADS do sum = f(sum + x[a + 1]); cnt = cnt + 1 end
    local avg = f(sum / cnt)
    local dev = 0.0
    for a = first + t, last - 1, PRESCAN_THREADS do
      local d = f(x[a + 1] - avg)
      dev = v.fma32(d, d, dev)
    end
    avgs[t], devs[t] = avg, f(math.sqrt(f(dev / cnt)))
  end
  local s = PRESCAN_THREADS // 2
  while s > 0 do
    for t = 0, s - 1 do avgs[t] = f(avgs[t] + avgs[t + s]); devs[t] = f(devs[t] + devs[t + s]) end
    s = s // 2
  end
  local mean, spread = f(avgs[0] / PRESCAN_THREADS), f(devs[0] / PRESCAN_THREADS)
  lo_want = math.min(lo_want, to_u32(f(mean - f(spread * 10))) // BPB)
  hi_want = math.max(hi_want, to_u32(f(mean + f(spread * 10))) // BPB)
end
local mm = minmax:read()
v.equal(mm, { lo_want, hi_want }, "prescan range")

-- The host's part: clamp the range to the histogram, launch main and final.
local nblocks = (hbins + BPB - 1) // BPB
local rmin, rmax = math.min(mm[1], nblocks - 1), math.min(mm[2], nblocks - 1)
local subhisto = ws.alloc("u32", nblocks * BPB)
local ghisto = ws.alloc("u32", hbins // 2)
local final = ws.alloc("u8", hbins)
ws.launch(mod, "histo_main", { grid = { block_x, rmax - rmin + 1 }, block = 512,
                               args = { maps, n, rmin, rmax, subhisto, ghisto } })
ws.launch(mod, "histo_final", { grid = block_x * 3, block = 512,
                                args = { rmin, rmax, hbins, subhisto, ghisto, final } })
ws.run()

local want = {}
for b = 0, hbins - 1 do want[b + 1] = math.min(counts[b] or 0, 255) end
v.equal(final:read(), want, "histogram")
local zero = {}
for i = 1, hbins // 2 do zero[i] = 0 end
v.equal(ghisto:read(), zero, "global 16-bit histogram (cleared by the final kernel)")
print(string.format("histo (%s): %d values, %d bins, range blocks %d-%d (main grid %d x %d) OK",
                    size, n, hbins, rmin, rmax, block_x, rmax - rmin + 1))
