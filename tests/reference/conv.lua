-- Reference kernel conv5x5: a 5x5 convolution with the filter in a local
-- array, 16 x 16 threads per CTA. GPGPU-Sim ran 256 x 256 (paper size).
local c = require "common"
local m = ws.load_ptx("kernels.ptx")
local n = c.size(64, 256)
local inp, f, out = ws.alloc("f32", n * n), ws.alloc("f32", 25), ws.alloc("f32", n * n)
inp:write(c.va); f:write(c.vb)
ws.launch(m, "conv5x5", { grid = { n // 16, n // 16 }, block = { 16, 16 }, args = { inp, f, out, n, n } })
c.report("conv", ws.run())
local bad = 0
local function cl(v) return math.min(math.max(v, 0), n - 1) end
for y = 0, n - 1, 7 do for x = 0, n - 1, 3 do
  local s = 0.0
  for dy = 0, 4 do for dx = 0, 4 do s = s + c.vb(dy * 5 + dx) * c.va(cl(y + dy - 2) * n + cl(x + dx - 2)) end end
  if math.abs(s - out:get(y * n + x)) > 1e-4 then bad = bad + 1 end
end end
ws.check(bad == 0, "conv mismatches: " .. bad)
