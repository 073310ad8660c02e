-- Reference kernel transpose_tiled: 32 x 33 shared tile, 32 x 8 threads
-- per CTA. GPGPU-Sim ran 1024 x 1024 (paper size).
local c = require "common"
local m = ws.load_ptx("kernels.ptx")
local n = c.size(256, 1024)
local inp, out = ws.alloc("f32", n * n), ws.alloc("f32", n * n)
inp:write(c.va)
ws.launch(m, "transpose_tiled", { grid = { n // 32, n // 32 }, block = { 32, 8 }, args = { inp, out, n } })
c.report("transpose", ws.run())
local bad, o = 0, out:read()
for r = 0, n - 1 do for cc = 0, n - 1 do
  if o[r * n + cc + 1] ~= ws.f32(c.va(cc * n + r)) then bad = bad + 1 end
end end
ws.check(bad == 0, "transpose mismatches: " .. bad)
