-- gramschmidt: PolyBench/GPU GRAMSCHMIDT, the QR factorisation of an
-- NI x NJ float matrix A by modified Gram-Schmidt: per column k, gs_norm
-- (R[k][k] = |A[:,k]|, one thread), gs_q (Q[:,k] = A[:,k] / R[k][k], one
-- thread per row) and gs_project (R[k][j] = Q[:,k] . A[:,j], then
-- A[:,j] -= Q[:,k] R[k][j], one thread per column j > k), with R[k][j]
-- accumulated in global memory as the benchmark does (a store per step).
--
-- Stresses: a serial single-thread launch that leaves the machine idle
-- (gs_norm's latency-bound chain of loads down a column), a column access
-- strided across the lanes (gs_q), and gs_project's two coalesced passes
-- over the matrix per column with a broadcast of Q[i][k] and a store per
-- step; the active threads of gs_project shrink as k grows.
--
-- Sizes (blocks of 256 threads; gs_norm on 1 CTA, gs_q and gs_project on
-- NJ / 256 CTAs, the benchmark's):
--   test   NI = NJ = 64, all 64 columns: 192 launches
--   paper  NI = 512, NJ = 4096, the first 8 columns: 24 launches, gs_project
--          on 16 CTAs (one on every SM of fermi, two on one; fewer than one
--          wave). The benchmark runs NI = NJ = 2048 through all 2048
--          columns; NJ = 4096 gives every SM a CTA, NI and the number of
--          columns are cut to fit the two-minute budget.
--
-- Reference, launch by launch from the device's state before each launch:
-- R[k][k] = sqrt.rn of the fma.rn.f32 chain of squares, Q = div.rn, R[k][j]
-- = fma.rn.f32 chain, A[i][j] - (Q[i][k] * R[k][j] rounded) (mul and sub,
-- as compiled). Exact. At test size every element is checked; at paper
-- size all of Q[:,k] and R[k][k], and 32 columns j of R[k][j] and A[:,j]
-- per column k, spread over the matrix.
local suite = require "suite"
local fma32 = require("verify").fma32

local sz = suite.pick{ test = { 64, 64, 64 }, paper = { 512, 4096, 8 } }
local ni, nj, steps = sz[1], sz[2], sz[3]
local f32 = ws.f32

local A = ws.alloc("f32", ni * nj)
local R = ws.alloc("f32", nj * nj)
local Q = ws.alloc("f32", ni * nj)
suite.fill(A, 1)

local m = ws.load_ptx("gramschmidt.ptx")
local ctas = (nj + 255) // 256
local log = suite.launches()
local function launcher(kernel, grid, k)
  return function()
    ws.launch(m, kernel, { grid = grid, block = 256, args = { ni, nj, A, R, Q, k } })
  end
end
local function column(buf, k)
  local c = {}
  for i = 0, ni - 1 do c[i] = buf:get(i * nj + k) end
  return c
end

for k = 0, steps - 1 do
  local ak = column(A, k)
  local rkk = k * nj + k
  log.run("R[k][k]", { rkk }, function()
    local acc = 0.0
    for i = 0, ni - 1 do acc = fma32(ak[i], ak[i], acc) end
    return f32(math.sqrt(acc))
  end, launcher("gs_norm", 1, k), function(e) return R:get(e) end)

  local rows = {}
  for i = 0, ni - 1 do rows[i + 1] = i * nj + k end
  local r = R:get(rkk)
  log.run("Q[i][k]", rows, function(e) return f32(A:get(e) / r) end,
          launcher("gs_q", ctas, k), function(e) return Q:get(e) end)

  -- gs_project: sampled columns j > k, each checked in full, from the
  -- reference R[k][j] (itself checked).
  local qk, cols = column(Q, k), {}
  for _, c in ipairs(suite.sample(nj - k - 1, 32)) do cols[#cols + 1] = k + 1 + c end
  local before, rk, rwant = {}, {}, {}
  for _, j in ipairs(cols) do
    before[j] = column(A, j)
    local acc = 0.0
    for i = 0, ni - 1 do acc = fma32(qk[i], before[j][i], acc) end
    rk[#rk + 1], rwant[j] = k * nj + j, acc
  end
  log.run("R[k][j]", rk, function(e) return rwant[e % nj] end,
          launcher("gs_project", ctas, k), function(e) return R:get(e) end)
  local aj, got, want = {}, {}, {}
  for _, j in ipairs(cols) do
    for i = 0, ni - 1 do
      aj[#aj + 1] = i * nj + j
      got[#aj], want[#aj] = A:get(i * nj + j), f32(before[j][i] - f32(qk[i] * rwant[j]))
    end
  end
  log.add("A[i][j]", aj, got, want)
end
log.check()
print(string.format("gramschmidt: %dx%d, %d columns OK", ni, nj, steps))
