-- verify.lua: small helpers for checking kernel results in scenarios.
--
--   local v = require "verify"
--   v.equal(got, want, "C")                 exact, element by element
--   v.close(got, want, "T", rtol, atol)     |g - w| <= atol + rtol * |w|
--   local rng = v.lcg(42); rng()            deterministic integers in [0, 2^31)
--   v.fma32(a, b, c)                        float32 fused multiply-add a*b+c
--   v.spread(n, count)                      indices to check, spread over 0..n-1
--   v.spread2d(rows, cols, count)           cells {i, j} to check: corners, edges, inside
--
-- got and want are 1-based tables of the same length (as returned by
-- buffer:read()). If any element differs the helpers call
-- ws.check(false, msg) once; the message names the buffer, the first mismatching
-- element by its 0-based index (the index the kernel used), the two values
-- and the total number of mismatches. When every element matches they
-- record a passed check (ws.check(true, name)) and return true.

local verify = {}

-- Integers print exactly; floats with 17 significant digits, enough to tell
-- any two different doubles (and so any two different float32 values) apart.
local function fmt(x)
  if math.type(x) == "integer" then
    return string.format("%d", x)
  elseif x ~= x then
    return "nan"
  elseif type(x) == "number" then
    return string.format("%.17g", x)
  end
  return tostring(x)
end

local function isnan(x)
  return x ~= x
end

-- Walks both tables with the predicate ok(g, w); reports the first failure.
local function compare(got, want, name, ok, what)
  if #got ~= #want then
    ws.check(false, string.format("%s: got %d elements, want %d", name, #got, #want), 2)
    return false
  end
  local bad, first = 0, nil
  for i = 1, #want do
    if not ok(got[i], want[i]) then
      bad = bad + 1
      first = first or i
    end
  end
  if bad > 0 then
    ws.check(false, string.format(
      "%s: %d of %d elements differ (%s); first at [%d]: got %s, want %s",
      name, bad, #want, what, first - 1, fmt(got[first]), fmt(want[first])), 2)
    return false
  end
  ws.check(true, name)     -- counted in `warpscope run`'s "checks passed"
  return true
end

-- Exact comparison. Integers compare by value; floats by value, so +0 and -0
-- are equal, and a NaN matches only a NaN.
function verify.equal(got, want, name)
  return compare(got, want, name or "buffer", function(g, w)
    if isnan(w) or isnan(g) then
      return isnan(w) and isnan(g)
    end
    return g == w
  end, "exact")
end

-- Comparison with tolerance: |g - w| <= atol + rtol * |w|. Defaults rtol =
-- 1e-5, atol = 1e-6. A NaN matches only a NaN; infinities must match exactly.
function verify.close(got, want, name, rtol, atol)
  rtol = rtol or 1e-5
  atol = atol or 1e-6
  return compare(got, want, name or "buffer", function(g, w)
    if isnan(w) or isnan(g) then
      return isnan(w) and isnan(g)
    end
    if g == w then
      return true          -- also covers equal infinities
    end
    return math.abs(g - w) <= atol + rtol * math.abs(w)
  end, string.format("rtol %g, atol %g", rtol, atol))
end

-- Deterministic pseudo-random integers in [0, 2^31): a 64-bit linear
-- congruential generator (Knuth's MMIX constants; Lua integers wrap modulo
-- 2^64) returning the top 31 bits of its state, which are the good ones.
-- Use it instead of math.random so that a scenario is the same everywhere.
function verify.lcg(seed)
  local state = math.tointeger(seed) or 0
  return function()
    state = state * 6364136223846793005 + 1442695040888963407
    return state >> 33
  end
end

-- float32 fused multiply-add, correctly rounded (round to nearest even), for
-- references of kernels that nvcc compiled to fma.rn.f32. a, b and c must be
-- float32 values (e.g. from ws.f32 or a f32 buffer) and the result must be
-- a normal float32 (no overflow, no underflow).
--
-- How: the product of two float32 values has at most 48 significant bits,
-- so p = a * b is exact in a double. s = p + c rounds once (to 53 bits) and
-- TwoSum recovers the exact error e, so p + c == s + e exactly. Rounding s
-- to float32 gives the right answer except when s lies exactly halfway
-- between two float32 values and e ~= 0 (a double rounding); then the exact
-- sum is on the side of e, so we pick that neighbour.
function verify.fma32(a, b, c)
  local p = a * b
  local s = p + c
  local bb = s - p
  local e = (p - (s - bb)) + (c - bb)
  local r = ws.f32(s)
  if e == 0 or r == s then
    return r
  end
  local o = 2 * s - r                  -- the other float32 neighbour, if s is a tie
  if ws.f32(o) ~= o or o == r then
    return r                           -- s was not halfway: r is right
  end
  if e > 0 then
    return math.max(r, o)
  else
    return math.min(r, o)
  end
end

-- Which outputs a large workload checks: `count` distinct 0-based indices
-- spread over 0 .. n-1, the first and the last included, one in each of
-- `count` equal stretches at a deterministic offset (so that neither a
-- fixed stride nor a power of two hides a bug). All n indices, in order,
-- when count >= n. Returns a 1-based table.
function verify.spread(n, count)
  local out = {}
  if count <= 0 then
    return out
  elseif count >= n then
    for i = 0, n - 1 do out[i + 1] = i end
    return out
  end
  for s = 0, count - 1 do
    local lo, hi = s * n // count, (s + 1) * n // count      -- the stretch [lo, hi)
    out[s + 1] = lo + (s * 7919) % (hi - lo)
  end
  out[1], out[count] = 0, n - 1
  return out
end

-- The same for a rows x cols grid: cells {i, j} (0-based) where edge
-- handling goes wrong first, then the inside: the four corners, up to
-- count/16 cells along each edge, and the rest spread over the grid in
-- row-major order (a cell may appear twice). Every cell, row by row, when
-- count >= rows * cols.
function verify.spread2d(rows, cols, count)
  local out = {}
  local function add(i, j) out[#out + 1] = { i, j } end
  if count >= rows * cols then
    for i = 0, rows - 1 do
      for j = 0, cols - 1 do add(i, j) end
    end
    return out
  end
  add(0, 0); add(0, cols - 1); add(rows - 1, 0); add(rows - 1, cols - 1)
  local e = math.min(count // 16, rows, cols)
  for _, i in ipairs(verify.spread(rows, e)) do add(i, 0); add(i, cols - 1) end
  for _, j in ipairs(verify.spread(cols, e)) do add(0, j); add(rows - 1, j) end
  for _, k in ipairs(verify.spread(rows * cols, math.max(0, count - #out))) do
    add(k // cols, k % cols)
  end
  return out
end

return verify
