-- histogram: 256-bin histogram of n = 20000 bytes, 8 blocks of 256 threads
-- (grid-stride loop), with a skewed input: about 40% of the bytes are 7, the
-- rest uniform in 0..255.
--
-- What to look at: the shared-memory atomics. When several lanes of a warp
-- hit bin 7 in the same atom.shared.add, they serialise; watch the cycles
-- and stall reasons of the histogram loop, and try the uniform input (set
-- skew = 0 below) to see the contention go away. The merge at the end does
-- at most 256 global atomics per block.
--
-- Reference: a plain count in Lua; unsigned integers, exact comparison of
-- all 256 bins (and their sum must be n).
--
-- With workload.size = paper (sizes that fill the 15 SMs of fermi;
-- the FUSE experiment, examples/eval/fuse.lua, runs the suite's version):
-- 1.5 MB of bytes in 120 blocks.
local v = require "verify"

local paper = ws.config()["workload.size"] == "paper"
local n, nbins, skew, grid = 20000, 256, 40, 8    -- skew: percentage of bytes forced to 7
if paper then n, grid = 1536000, 120 end
local rng = v.lcg(14)

local data = ws.alloc("u8", n)
local hist = ws.alloc("u32", nbins)
data:write(function()
  if rng() % 100 < skew then return 7 end
  return rng() % 256
end)
hist:write(function() return 0 end)

local m = ws.load_ptx("../kernels/histogram.ptx")
ws.launch(m, "histogram256", { grid = grid, block = 256, args = { n, data, hist } })
ws.run()

local want = {}
for b = 1, nbins do want[b] = 0 end
for _, byte in ipairs(data:read()) do want[byte + 1] = want[byte + 1] + 1 end
local got = hist:read()
v.equal(got, want, "hist")
local total = 0
for b = 1, nbins do total = total + got[b] end
ws.check(total == n, string.format("hist: bins add up to %d, want %d", total, n))
print(string.format("histogram: %d bytes, %d bins OK (bin 7: %d)", n, nbins, got[8]))
