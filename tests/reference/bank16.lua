-- Reference kernel bankconf, word stride 16: 256 threads each read
-- s[(t * 16 + i) & 1023] for i < iters from shared memory (one CTA, one
-- SM). GPGPU-Sim ran 256 iterations (paper size).
local c = require "common"
local m = ws.load_ptx("kernels.ptx")
local stride, iters = 16, c.size(32, 256)
local out = ws.alloc("f32", 256)
ws.launch(m, "bankconf", { grid = 1, block = 256, args = { stride, iters, out } })
c.report("bank16", ws.run())
local bad = 0
for t = 0, 255 do
  local s = 0
  for i = 0, iters - 1 do s = s + ((t * stride + i) & 1023) end
  if s ~= out:get(t) then bad = bad + 1 end
end
ws.check(bad == 0, "bankconf stride 16 mismatches: " .. bad)
