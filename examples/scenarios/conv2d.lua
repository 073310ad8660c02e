-- conv2d: 3 x 3 convolution with zero padding of a 64 x 96 float image
-- (H x W), 16 x 16 blocks (a 6 x 4 grid, one thread per output pixel).
--
-- What to look at: reuse through L1 without shared memory. Each input pixel
-- is read by 9 threads; after a warp's first tap row the next two mostly
-- hit lines it (or the warp above it) just brought in, so the L1 hit rate is
-- high even though there is no explicit tiling. The 9 filter weights are
-- broadcast loads. Border threads skip taps: watch the active mask of the
-- warps on rows 0 and 63 and columns 0 and 95.
--
-- Reference: the taps run in (dy, dx) order as a chain of fma.rn.f32 from 0
-- (skipped taps leave the sum alone); the Lua reference repeats the chain
-- with verify.fma32 and the comparison is exact.
--
-- With workload.size = paper (sizes that fill the 15 SMs of fermi;
-- the FUSE experiment, examples/eval/fuse.lua, runs the suite's version):
-- a 1024 x 1024 image (4096 blocks).
local v = require "verify"

local paper = ws.config()["workload.size"] == "paper"
local H, W = 64, 96
if paper then H, W = 1024, 1024 end
local rng = v.lcg(9)
local function rf() return ((rng() >> 7) - (1 << 23)) / (1 << 23) end

local img = ws.alloc("f32", H * W)
local wts = ws.alloc("f32", 9)
local out = ws.alloc("f32", H * W)
img:write(function() return rf() end)
wts:write(function() return rf() end)
out:write(function() return 1e9 end)

local m = ws.load_ptx("../kernels/conv2d.ptx")
ws.launch(m, "conv2d", { grid = { (W + 15) // 16, (H + 15) // 16 }, block = { 16, 16 },
                         args = { H, W, img, wts, out } })
ws.run()

local fma32 = v.fma32
local a, w, want = img:read(), wts:read(), {}
for y = 0, H - 1 do
  for x = 0, W - 1 do
    local acc = 0.0
    for dy = -1, 1 do
      local yy = y + dy
      if yy >= 0 and yy < H then
        for dx = -1, 1 do
          local xx = x + dx
          if xx >= 0 and xx < W then
            acc = fma32(a[yy * W + xx + 1], w[(dy + 1) * 3 + (dx + 1) + 1], acc)
          end
        end
      end
    end
    want[y * W + x + 1] = acc
  end
end
v.equal(out:read(), want, "out")
v.equal(img:read(), a, "in (must be unchanged)")
print(string.format("conv2d: %dx%d 3x3 OK", H, W))
