-- divergence: Collatz walks for n = 1000 seeds (1000 is not a multiple of
-- 32: the last warp is partial), 128-thread blocks, step cap 200.
--
-- What to look at: SIMT control flow. Step a single warp: the odd/even
-- branch splits it, the inner halving loop runs a different number of times
-- per lane, the call to the __noinline__ collatz_odd executes under a
-- partial mask, lanes leave the outer loop one by one (short walks first),
-- and the final classification nest splits the warp again. Watch the active
-- mask and the reconvergence stack; the warp's instruction count is set by
-- its slowest lane.
--
-- Reference: the same loop in Lua with 32-bit wrap-around (seeds are below
-- 100000, whose walks peak below 2^31 anyway); unsigned and signed
-- integers, exact comparison of steps, peak and class.
local v = require "verify"

local n, cap = 1000, 200
local rng = v.lcg(15)
local special = { 1, 2, 3, 6, 7, 27, 97, 871, 77671, 99999 }   -- known short, long and high walks

local seeds = ws.alloc("u32", n)
local steps = ws.alloc("u32", n)
local peak = ws.alloc("u32", n)
local cls = ws.alloc("s32", n)
seeds:write(function(i) return special[i + 1] or (rng() % 99999 + 1) end)
steps:write(function() return 0xdeadbeef end)

local m = ws.load_ptx("../kernels/divergence.ptx")
ws.launch(m, "divergence", { grid = (n + 127) // 128, block = 128,
                             args = { n, cap, seeds, steps, peak, cls } })
ws.run()

local ws_, wp, wc = {}, {}, {}
local counts = { [-1] = 0, [0] = 0, [1] = 0, [2] = 0, [3] = 0, [4] = 0 }
for i, x in ipairs(seeds:read()) do
  local s, top = 0, x
  while x ~= 1 and s < cap do
    if (x & 1) == 1 then
      x = (3 * x + 1) & 0xffffffff
      if x > top then top = x end
      s = s + 1
    else
      repeat
        x = x >> 1
        s = s + 1
      until (x & 1) ~= 0
    end
  end
  local c
  if x ~= 1 then
    c = -1
  elseif s < 24 then
    c = top < 100 and 0 or 1
  elseif (s & 1) == 1 then
    c = 2
  elseif top <= 10000 then
    c = 3
  else
    c = 4
  end
  ws_[i], wp[i], wc[i] = s, top, c
  counts[c] = counts[c] + 1
end
v.equal(steps:read(), ws_, "steps")
v.equal(peak:read(), wp, "peak")
v.equal(cls:read(), wc, "cls")
print(string.format("divergence: %d walks OK (classes -1:%d 0:%d 1:%d 2:%d 3:%d 4:%d)",
                    n, counts[-1], counts[0], counts[1], counts[2], counts[3], counts[4]))
