-- reduce: the sum of n = 10000 floats with 256-thread blocks, each block
-- reducing 512 inputs (20 blocks): two loads per thread, a shared-memory
-- tree down to 32 values, a warp-shuffle stage (shfl.sync.down) and one
-- atomicAdd per block into *total; block sums are also stored in partial[].
--
-- What to look at: the tree levels (bar.sync, then fewer active threads at
-- each level), the shuffle stage in warp 0 only, and the global atomics: 20
-- atomic adds to one address instead of 10000.
--
-- Reference: the inputs are multiples of 1/4 below 25, so every partial sum
-- (at most 10000 * 25 = 250000 = 1000000 quarters < 2^24) is exactly
-- representable in float32: the device result cannot depend on the order in
-- which the tree, the shuffles or the atomics add things up, and the
-- comparison is exact.
local v = require "verify"

local n, block = 10000, 256
local nblocks = (n + 2 * block - 1) // (2 * block)
local rng = v.lcg(13)

local inb = ws.alloc("f32", n)
local partial = ws.alloc("f32", nblocks)
local total = ws.alloc("f32", 1)
inb:write(function() return (rng() % 100) / 4 end)
partial:write(function() return -1.0 end)
total:write{ 0.0 }

local m = ws.load_ptx("../kernels/reduce.ptx")
ws.launch(m, "reduce_sum", { grid = nblocks, block = block,
                             args = { n, inb, partial, total } })
ws.run()

local x, want, sum = inb:read(), {}, 0.0
for b = 0, nblocks - 1 do
  local s = 0.0
  for i = b * 2 * block, math.min(n, (b + 1) * 2 * block) - 1 do s = s + x[i + 1] end
  want[b + 1] = s
  sum = sum + s
end
v.equal(partial:read(), want, "partial (block sums)")
v.equal(total:read(), { sum }, "total")
print(string.format("reduce: %d elements, %d blocks, sum %.2f OK", n, nblocks, sum))
