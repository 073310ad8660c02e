-- Design ideal-rf (the worked example of docs/architecture.md): a register
-- file with a port per access never makes an operand wait on a bank, and
-- changes no result.
ws.config{ design = "ideal-rf" }
local v = require "verify"
local m = ws.load_ptx("../../examples/kernels/gemm.ptx")
local n = 64
local rng = v.lcg(4)
local A, B, C = ws.alloc("f32", n * n), ws.alloc("f32", n * n), ws.alloc("f32", n * n)
A:write(function() return (rng() % 64) / 8 end)
B:write(function() return (rng() % 64) / 8 end)
ws.launch(m, "gemm", { grid = { n // 16, n // 16 }, block = { 16, 16 }, args = { n, n, n, A, B, C } })
local st = ws.run()
ws.check(st.rf.bank_conflicts == 0, "bank conflicts under ideal-rf: " .. st.rf.bank_conflicts)
ws.check(st.rf.reads > 0 and st.rf.writes > 0, "register traffic counted")
local a, b, c = A:read(), B:read(), C:read()
local bad = 0
for i = 0, n - 1 do
  for j = 0, n - 1 do
    local acc = 0.0
    for k = 0, n - 1 do acc = v.fma32(a[i * n + k + 1], b[k * n + j + 1], acc) end
    if c[i * n + j + 1] ~= acc then bad = bad + 1 end
  end
end
ws.check(bad == 0, "gemm results wrong: " .. bad)
