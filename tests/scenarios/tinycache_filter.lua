-- The tinyCaches (design tinycache, seed 002) filter accesses with reuse
-- inside a thread: a thread-per-row matrix-vector product (atax_ax: each
-- thread walks its own row, 16 floats to a 64-byte line) keeps a clear
-- share of its would-be L1D accesses away from the L1D, while streaming
-- SAXPY (every word used once) filters almost none and only adds fills.
-- On the paper's machine (preset fermi-tc: 4 SMs, lrr-mem). The product
-- runs one 4-warp CTA per SM: a lane's 16 lines then hold every resident
-- thread's current line (with 12 or more warps per SM they no longer do,
-- docs/designs/tinycache.md); SAXPY fills every SM with 24 warps.
-- Results are checked exactly.
ws.config{ preset = "fermi-tc", design = "tinycache" }
local suite = require "suite"
local function last(st) return st.launches[#st.launches].tinycache end

-- t = A x, 512 rows (one thread each) of 48 columns
local M, N = 512, 48
local A, x, t = ws.alloc("f32", M * N), ws.alloc("f32", N), ws.alloc("f32", M)
suite.fill(A, 19)
suite.fill(x, 20)
local atax = ws.load_ptx("../../examples/kernels/atax.ptx")
ws.launch(atax, "atax_ax", { grid = M // 128, block = 128, args = { M, N, A, x, t } })
local mv = last(ws.run())
suite.check("t = A x", suite.sample(M, M), function(i) return t:get(i) end,
            function(i) return suite.dot(0.0, N, A, i * N, 1, x, 0, 1) end)

-- y = a x + y on 12288 floats
local n, alpha = 12288, ws.f32(1.7)
local sx, sy = ws.alloc("f32", n), ws.alloc("f32", n)
suite.fill(sx, 21)
suite.fill(sy, 22)
local x0, y0 = sx:read(), sy:read()
local saxpy = ws.load_ptx("../../examples/kernels/saxpy.ptx")
ws.launch(saxpy, "saxpy", { grid = n // 256, block = 256, args = { n, alpha, sx, sy } })
local sx_st = last(ws.run())
local fma32 = require("verify").fma32
suite.check("y = a x + y", suite.sample(n, n), function(i) return sy:get(i) end,
            function(i) return fma32(alpha, x0[i + 1], y0[i + 1]) end)

print(string.format("matrix-vector: %.1f%% of %d would-be L1D accesses filtered, lane hit rate %.1f%%",
                    100 * mv.l1d_filtered, mv.l1d_would_be, 100 * mv.hit_rate_global))
print(string.format("saxpy:         %.1f%% of %d would-be L1D accesses filtered, lane hit rate %.1f%%",
                    100 * sx_st.l1d_filtered, sx_st.l1d_would_be, 100 * sx_st.hit_rate_global))
-- 16 floats per line: one fill and 15 hits per line a thread walks
ws.check(mv.l1d_filtered > 0.5, "matrix-vector filters a clear share")
ws.check(mv.fills_global < mv.accesses_global // 8, "one fill serves many loads")
ws.check(math.abs(sx_st.l1d_filtered) < 0.05, "saxpy filters almost nothing")
ws.check(sx_st.fills_global == sx_st.accesses_global * 2 // 3, "every saxpy load fills")
