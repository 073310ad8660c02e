-- rows.lua: the scaling workloads of `make bench` (scripts/bench.sh): a
-- thread-per-row matrix-vector product of the suite (examples/suite/:
-- mvt_x1, bicg_q, atax_ax) on 960 rows in 64-thread blocks, 15 CTAs, one
-- on every SM of preset fermi, with 960 x SCALE columns. The work grows
-- with SCALE while the machine's shape does not: a simulator whose cost
-- follows what happens spends the same host time per warp-instruction at
-- every SCALE. Each thread walks its own row: 32 lines per warp load, the
-- memory-bound pattern of these kernels.
--
--   require "rows" ("mvt", 4)     -- from mvt_4x.lua beside it
--
-- Reference: each row's dot product as a chain of fma.rn.f32 in column
-- order (suite.dot) from the output's initial value (from 0 for bicg_q),
-- exact, on 64 rows spread over the output.
local suite = require "suite"
local verify = require "verify"

local kernels = {
  mvt = { ptx = "../../suite/mvt.ptx", name = "mvt_x1" },
  bicg = { ptx = "../../suite/bicg.ptx", name = "bicg_q" },
  atax = { ptx = "../../suite/atax.ptx", name = "atax_ax" },
}

return function(which, scale)
  local k = assert(kernels[which], "rows: no workload " .. tostring(which))
  local rows, block = 960, 64
  local cols = 960 * scale
  local A = ws.alloc("f32", rows * cols)
  local x, out = ws.alloc("f32", cols), ws.alloc("f32", rows)
  suite.fill(A, 31)
  suite.fill(x, 32)
  suite.fill(out, 33)
  local out0 = out:read()
  local m = ws.load_ptx(k.ptx)
  -- mvt_x1 (n, A, y, x): x[i] += A[i][.] y for i < n over rows of n
  -- columns; launched on the first `rows` rows only. The others take
  -- (rows, cols, A, x, out): atax_ax adds A[i][.] x to out[i], bicg_q
  -- sets out[i] to it.
  local args = which == "mvt" and { cols, A, x, out } or { rows, cols, A, x, out }
  ws.launch(m, k.name, { grid = rows // block, block = block, args = args })
  ws.run()
  suite.check(which .. " rows", verify.spread(rows, 64), function(i) return out:get(i) end,
    function(i)
      return suite.dot(which == "bicg" and 0.0 or out0[i + 1], cols, A, i * cols, 1, x, 0, 1)
    end)
  print(string.format("%s: %d rows x %d columns OK", which, rows, cols))
end
