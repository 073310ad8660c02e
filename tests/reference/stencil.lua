-- Reference kernel stencil2d: a 5-point stencil, 16 x 16 threads per CTA.
-- GPGPU-Sim ran 1024 x 1024 (paper size).
local c = require "common"
local m = ws.load_ptx("kernels.ptx")
local n = c.size(256, 1024)
local inp, out = ws.alloc("f32", n * n), ws.alloc("f32", n * n)
inp:write(c.va)
ws.launch(m, "stencil2d", { grid = { n // 16, n // 16 }, block = { 16, 16 }, args = { inp, out, n } })
c.report("stencil", ws.run())
local bad, o = 0, out:read()
local va = c.va
for y = 1, n - 2 do for x = 1, n - 2 do
  local s = 0.5 * va(y * n + x) + 0.125 * (va(y * n + x - 1) + va(y * n + x + 1) + va((y - 1) * n + x) + va((y + 1) * n + x))
  if s ~= o[y * n + x + 1] then bad = bad + 1 end
end end
ws.check(bad == 0, "stencil mismatches: " .. bad)
