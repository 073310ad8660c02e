-- atax_rows: t = A x with one thread per row (atax_ax of
-- examples/kernels/atax.ptx) on 3072 rows of 48 floats: 24 CTAs of 128
-- threads, enough for every SM of preset fermi-tc to hold its 24 warps
-- (4 SMs x 6 CTAs). Each thread walks its own 192-byte row: reuse inside
-- a thread, 16 floats to a 64-byte line, which per-lane caches (design
-- tinycache) keep only while few enough warps share each lane's cache
-- (examples/sweeps/tinycache-tlp.lua varies sm.ctas_limit).
--
-- Reference: each dot product is a chain of fma.rn.f32 from 0 in column
-- order (suite.dot), compared exactly on every row.
local suite = require "suite"

local M, N = 3072, 48
local A, x, t = ws.alloc("f32", M * N), ws.alloc("f32", N), ws.alloc("f32", M)
suite.fill(A, 19)
suite.fill(x, 20)
local m = ws.load_ptx("../kernels/atax.ptx")
ws.launch(m, "atax_ax", { grid = M // 128, block = 128, args = { M, N, A, x, t } })
ws.run()
suite.check("t = A x", suite.sample(M, M), function(i) return t:get(i) end,
            function(i) return suite.dot(0.0, N, A, i * N, 1, x, 0, 1) end)
print(string.format("atax_rows: %dx%d OK", M, N))
