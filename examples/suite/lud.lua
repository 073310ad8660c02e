-- lud: Rodinia's "lud" (blocked LU decomposition without pivoting, in
-- place, 16 x 16 tiles). Three kernels (lud.cu) per diagonal tile k:
-- lud_diagonal (1 CTA x 16), lud_perimeter ((n-k)/16 - 1 CTAs x 32) and
-- lud_internal (((n-k)/16 - 1)^2 CTAs x 16 x 16), then lud_diagonal on the
-- last tile, as the benchmark's host loop: all launches queued, one
-- ws.run(), in order.
--
-- Sizes (workload.size):
--   test   n = 64 (the benchmark's 64.dat size): 10 launches, internal
--          grids 3 x 3 .. 1 x 1
--   paper  n = 512 (its 512.dat size): 94 launches; internal grids
--          31 x 31 = 961 CTAs x 256 (several waves on fermi) down to 1 x 1,
--          10,416 internal CTAs in all
--
-- What it stresses: shared memory (tiles staged for 16 multiply-adds per
-- element; column walks with bank conflicts in the diagonal and perimeter
-- kernels), coalesced 64-byte tile rows with reuse of the row and column
-- panels by every trailing tile (L1/L2), and serialisation: the tiny
-- diagonal and perimeter grids (one half-warp, one warp per CTA, long
-- dependent chains and divisions) leave most of the machine idle between
-- internal launches; the internal grids shrink quadratically.
--
-- Matrix: off-diagonal elements random in [-1, 1], diagonal n .. 2n
-- (strictly diagonally dominant, so no pivoting is needed).
--
-- Reference: the blocked algorithm replayed in Lua with the kernels'
-- float32 operations in their order (a - a*b as mul then sub in the
-- diagonal and perimeter kernels, divisions correctly rounded, the internal
-- 16-term sums as an fma chain from 0 then one subtraction).
--   test:  the whole factored matrix, exactly.
--   paper: the first tile row and column (final after the first step),
--          exactly; and 2,048 elements spread over the matrix against the
--          backward-error bound of LU: |A - L U|_ij <= 2 n 2^-24 (|L| |U|)_ij
--          (computed in double), which any indexing or ordering bug
--          exceeds by orders of magnitude.
local v = require "verify"

local size = ws.config()["workload.size"]
local n = size == "paper" and 512 or 64
local BS = 16
local F = ws.f32
local rng = v.lcg(61)

local a0 = {}
for i = 0, n - 1 do
  for j = 0, n - 1 do
    local x
    if i == j then
      x = n * (1 + (rng() % 1024) / 1024)
    else
      x = ((rng() % 2049) - 1024) / 1024
    end
    a0[i * n + j + 1] = x
  end
end
local mat = ws.alloc("f32", n * n)
mat:write(a0)

local m = ws.load_ptx("lud.ptx")
local launches = 0
local k = 0
while k < n - BS do
  local t = (n - k) // BS - 1
  ws.launch(m, "lud_diagonal", { grid = 1, block = BS, args = { mat, n, k } })
  ws.launch(m, "lud_perimeter", { grid = t, block = 2 * BS, args = { mat, n, k } })
  ws.launch(m, "lud_internal", { grid = { t, t }, block = { BS, BS }, args = { mat, n, k } })
  launches = launches + 3
  k = k + BS
end
ws.launch(m, "lud_diagonal", { grid = 1, block = BS, args = { mat, n, k } })
launches = launches + 1
ws.run()
local got = mat:read()

-- The blocked algorithm on a 0-based (i, j) view of a 1-based table.
local function replay(a, last)
  local function at(i, j) return a[i * n + j + 1] end
  local function put(i, j, x) a[i * n + j + 1] = x end
  local function diagonal(o)
    for i = 0, BS - 2 do
      for tx = i + 1, BS - 1 do
        local x = at(o + tx, o + i)
        for j = 0, i - 1 do x = F(x - F(at(o + tx, o + j) * at(o + j, o + i))) end
        put(o + tx, o + i, F(x / at(o + i, o + i)))
      end
      for tx = i + 1, BS - 1 do
        local x = at(o + i + 1, o + tx)
        for j = 0, i do x = F(x - F(at(o + i + 1, o + j) * at(o + j, o + tx))) end
        put(o + i + 1, o + tx, x)
      end
    end
  end
  local function perimeter(o, b)
    local c0 = o + b * BS
    for c = 0, BS - 1 do                      -- row tile: columns c0 + c
      for i = 1, BS - 1 do
        local x = at(o + i, c0 + c)
        for j = 0, i - 1 do x = F(x - F(at(o + i, o + j) * at(o + j, c0 + c))) end
        put(o + i, c0 + c, x)
      end
    end
    for r = 0, BS - 1 do                      -- column tile: rows c0 + r
      for i = 0, BS - 1 do
        local x = at(c0 + r, o + i)
        for j = 0, i - 1 do x = F(x - F(at(c0 + r, o + j) * at(o + j, o + i))) end
        put(c0 + r, o + i, F(x / at(o + i, o + i)))
      end
    end
  end
  local function internal(o, bi, bj)
    local r0, c0 = o + bi * BS, o + bj * BS
    for ty = 0, BS - 1 do
      for tx = 0, BS - 1 do
        local s = 0.0
        for i = 0, BS - 1 do s = v.fma32(at(r0 + ty, o + i), at(o + i, c0 + tx), s) end
        put(r0 + ty, c0 + tx, F(at(r0 + ty, c0 + tx) - s))
      end
    end
  end
  local o = 0
  while o < n - BS and o <= last do
    local t = (n - o) // BS - 1
    diagonal(o)
    for b = 1, t do perimeter(o, b) end
    if o + BS <= last then
      for bi = 1, t do
        for bj = 1, t do internal(o, bi, bj) end
      end
    end
    o = o + BS
  end
  if o == n - BS and o <= last then diagonal(o) end
end

if size == "paper" then
  -- The first step exactly: the diagonal tile and both panels.
  local a = {}
  for i = 1, n * n do a[i] = a0[i] end
  replay(a, 0)
  local gw, ww = {}, {}
  for i = 0, n - 1 do
    for j = 0, BS - 1 do
      gw[#gw + 1], ww[#ww + 1] = got[i * n + j + 1], a[i * n + j + 1]      -- column panel
      gw[#gw + 1], ww[#ww + 1] = got[j * n + i + 1], a[j * n + i + 1]      -- row panel
    end
  end
  v.equal(gw, ww, "first tile row and column")
  -- Backward error on samples.
  local bad, first, worst = 0, nil, 0
  local gamma = 2 * n * 2.0 ^ -24
  for _, c in ipairs(v.spread2d(n, n, 2048)) do
    local i, j = c[1], c[2]
    local lu, mag = 0.0, 0.0
    for kk = 0, math.min(i, j) do
      local l = kk == i and 1.0 or got[i * n + kk + 1]
      local u = got[kk * n + j + 1]
      lu = lu + l * u
      mag = mag + math.abs(l * u)
    end
    local err = math.abs(lu - a0[i * n + j + 1])
    worst = math.max(worst, err / mag)
    if err > gamma * mag then
      bad = bad + 1
      first = first or string.format("(%d, %d): |A - LU| = %g > %g", i, j, err, gamma * mag)
    end
  end
  ws.check(bad == 0, string.format("L U = A on samples: %d of 2048 outside the bound; first %s",
                                   bad, first))
  print(string.format("lud: worst sampled |A - LU| / (|L||U|) = %.3g (bound %.3g)", worst, gamma))
else
  local a = {}
  for i = 1, n * n do a[i] = a0[i] end
  replay(a, n)
  v.equal(got, a, "LU factors")
end
print(string.format("lud: %d x %d in %d launches OK", n, n, launches))
