-- Reference kernel reduce: a shared-memory tree sum per 256-thread CTA.
-- GPGPU-Sim ran 2^20 elements (paper size).
local c = require "common"
local m = ws.load_ptx("kernels.ptx")
local n = c.size(1 << 16, 1 << 20)
local nb = n // 256
local inp, out = ws.alloc("f32", n), ws.alloc("f32", nb)
inp:write(c.va)
ws.launch(m, "reduce", { grid = nb, block = 256, args = { inp, out, n } })
c.report("reduce", ws.run())
local bad, o = 0, out:read()
for b = 0, nb - 1 do
  local s = 0.0
  for i = 0, 255 do s = s + c.va(b * 256 + i) end
  if s ~= o[b + 1] then bad = bad + 1 end
end
ws.check(bad == 0, "reduce mismatches: " .. bad)
