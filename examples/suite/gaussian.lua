-- gaussian: Rodinia's "gaussian" (Gaussian elimination without pivoting of
-- a dense linear system, then back substitution on the host). For every
-- column t = 0 .. n-2 two launches (gaussian.cu): gaussian_fan1 (the
-- multipliers of column t, blocks of 512 threads) and gaussian_fan2 (the
-- update of the trailing block and of b, a ceil(n/4) x ceil(n/4) grid of
-- 4 x 4 blocks, launched in full at every step), as the benchmark's host
-- loop: all launches queued, one ws.run(), in order.
--
-- Sizes (workload.size):
--   test   n = 32: 62 launches (fan2 grids of 8 x 8 CTAs x 16)
--   paper  n = 208 (the benchmark's matrix208 data set): 414 launches,
--          fan2 grids of 52 x 52 = 2,704 CTAs x 16 (22 waves of fermi's
--          15 x 8 CTA slots at every step; the active part shrinks as t
--          grows)
--
-- What it stresses: poor coalescing (threadIdx.x walks rows: a half-warp
-- touches four 16-byte pieces of four different lines), half-warp CTAs
-- under the 8-CTA limit (low occupancy), many short launches, threads that
-- return at once outside the shrinking trailing block, and a division per
-- row in fan1. Row t and the multipliers are reused by every thread of a
-- step (L1/L2 hits).
--
-- Matrix: off-diagonal elements random in [-1, 1], diagonal n .. 2n
-- (strictly diagonally dominant: no pivoting needed); b random in [-1, 1].
--
-- Reference: the elimination replayed in Lua with the kernels' float32
-- operations (a division, then a - m*a as mul then sub); exact comparison
-- of the whole reduced matrix, the multipliers and b. The solution from
-- the host's back substitution is checked against the system in double
-- (residual |A x - b| below 1e-4 |b|max, from float32 rounding).
local v = require "verify"

local size = ws.config()["workload.size"]
local n = size == "paper" and 208 or 32
local F = ws.f32
local rng = v.lcg(81)

local a0, b0 = {}, {}
for i = 0, n - 1 do
  for j = 0, n - 1 do
    a0[i * n + j + 1] = i == j and n * (1 + (rng() % 1024) / 1024)
                               or ((rng() % 2049) - 1024) / 1024
  end
end
for i = 1, n do b0[i] = ((rng() % 2049) - 1024) / 1024 end
local A = ws.alloc("f32", n * n)
local M = ws.alloc("f32", n * n)
local B = ws.alloc("f32", n)
A:write(a0)
B:write(b0)

local m = ws.load_ptx("gaussian.ptx")
local g1 = (n + 511) // 512
local g2 = (n + 3) // 4
for t = 0, n - 2 do
  ws.launch(m, "gaussian_fan1", { grid = g1, block = 512, args = { M, A, n, t } })
  ws.launch(m, "gaussian_fan2", { grid = { g2, g2 }, block = { 4, 4 }, args = { M, A, B, n, t } })
end
ws.run()

-- Reference elimination in float32.
local a, b, mm = {}, {}, {}
for i = 1, n * n do a[i], mm[i] = F(a0[i]), 0.0 end
for i = 1, n do b[i] = F(b0[i]) end
for t = 0, n - 2 do
  local piv = a[t * n + t + 1]
  for r = t + 1, n - 1 do mm[r * n + t + 1] = F(a[r * n + t + 1] / piv) end
  for r = t + 1, n - 1 do
    local mr = mm[r * n + t + 1]
    for c = t, n - 1 do
      a[r * n + c + 1] = F(a[r * n + c + 1] - F(mr * a[t * n + c + 1]))
    end
    b[r + 1] = F(b[r + 1] - F(mr * b[t + 1]))
  end
end
local ga, gb = A:read(), B:read()
v.equal(ga, a, "reduced matrix")
v.equal(M:read(), mm, "multipliers")
v.equal(gb, b, "right-hand side")

-- The host's back substitution and the residual of the original system.
local x = {}
for i = n - 1, 0, -1 do
  local s = gb[i + 1]
  for j = i + 1, n - 1 do s = F(s - F(ga[i * n + j + 1] * x[j + 1])) end
  x[i + 1] = F(s / ga[i * n + i + 1])
end
local worst = 0.0
for i = 0, n - 1 do
  local s = -b0[i + 1]
  for j = 0, n - 1 do s = s + a0[i * n + j + 1] * x[j + 1] end
  worst = math.max(worst, math.abs(s))
end
ws.check(worst < 1e-4, string.format("residual |Ax - b| = %g", worst))
print(string.format("gaussian: n = %d, %d launches OK, residual %.2g", n, 2 * (n - 1), worst))
