-- atax_rows: t = A x with one thread per row (atax_ax of
-- examples/kernels/atax.ptx) on 3072 rows of 48 floats: 24 CTAs of 128
-- threads, enough for every SM of preset fermi-tc to hold its 24 warps
-- (4 SMs x 6 CTAs). Each thread walks its own 192-byte row: reuse inside
-- a thread, 16 floats to a 64-byte line, which per-lane caches (design
-- tinycache) keep only while few enough warps share each lane's cache
-- (examples/sweeps/tinycache-tlp.lua varies sm.ctas_limit).
--
-- Reference: each dot product is a chain of fma.rn.f32 from 0 in column
-- order; verify.fma32 repeats it and the comparison is exact.
local v = require "verify"

local M, N = 3072, 48
local rng = v.lcg(19)
local function rf() return ((rng() >> 7) - (1 << 23)) / (1 << 23) end
local A, x, t = ws.alloc("f32", M * N), ws.alloc("f32", N), ws.alloc("f32", M)
A:write(function() return rf() end)
x:write(function() return rf() end)
local m = ws.load_ptx("../kernels/atax.ptx")
ws.launch(m, "atax_ax", { grid = M // 128, block = 128, args = { M, N, A, x, t } })
ws.run()
local a, xv, want = A:read(), x:read(), {}
for i = 0, M - 1 do
  local acc = 0.0
  for j = 0, N - 1 do acc = v.fma32(a[i * N + j + 1], xv[j + 1], acc) end
  want[i + 1] = acc
end
v.equal(t:read(), want, "t = A x")
print(string.format("atax_rows: %dx%d OK", M, N))
