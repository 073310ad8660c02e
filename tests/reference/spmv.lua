-- Reference kernel spmv_csr: a thread-per-row CSR sparse matrix-vector
-- product, 0 to 8 random columns per row, 128 threads per CTA.
-- GPGPU-Sim ran 20000 rows (paper size).
local c = require "common"
local m = ws.load_ptx("kernels.ptx")
local rows, cols = c.size(2000, 20000), 4096
local rp, col = {}, {}
for r = 0, rows - 1 do rp[r + 1] = #col; local nz = c.lcg() % 9; for _ = 1, nz do col[#col + 1] = c.lcg() % cols end end
rp[rows + 1] = #col
local nnz = #col
local drp, dcol, dval = ws.alloc("s32", rows + 1), ws.alloc("s32", nnz), ws.alloc("f32", nnz)
local x, y = ws.alloc("f32", cols), ws.alloc("f32", rows)
drp:write(rp); dcol:write(col); dval:write(c.va); x:write(c.vb)
ws.launch(m, "spmv_csr", { grid = (rows + 127) // 128, block = 128, args = { drp, dcol, dval, x, y, rows } })
c.report("spmv", ws.run())
local bad = 0
for r = 0, rows - 1 do
  local s = 0.0
  for k = rp[r + 1], rp[r + 2] - 1 do s = s + c.va(k) * c.vb(col[k + 1]) end
  if math.abs(s - y:get(r)) > 1e-5 then bad = bad + 1 end
end
ws.check(bad == 0, "spmv mismatches: " .. bad)
