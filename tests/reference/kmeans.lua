-- Reference kernel kmeans_assign: each thread finds the nearest of 8
-- centres in 8 dimensions (features stored [d][n]), 64 threads per CTA.
-- GPGPU-Sim ran 16384 points (paper size).
local c = require "common"
local m = ws.load_ptx("kernels.ptx")
local n, k, d = c.size(2048, 16384), 8, 8
local feat, cent, mem = ws.alloc("f32", n * d), ws.alloc("f32", k * d), ws.alloc("s32", n)
feat:write(c.va); cent:write(c.vb)
ws.launch(m, "kmeans_assign", { grid = n // 64, block = 64, args = { feat, cent, mem, n, k, d } })
c.report("kmeans", ws.run())
local bad = 0
for i = 0, n - 1 do
  local best, bd = 0, 3.0e38
  for cc = 0, k - 1 do
    local s = 0.0
    for j = 0, d - 1 do local t = c.va(j * n + i) - c.vb(cc * d + j); s = s + t * t end
    if s < bd then bd = s; best = cc end
  end
  if best ~= mem:get(i) then bad = bad + 1 end
end
ws.check(bad == 0, "kmeans mismatches: " .. bad)
