-- verify.lua: small helpers for checking kernel results in scenarios.
--
--   local v = require "verify"
--   v.equal(got, want, "C")                 exact, element by element
--   v.close(got, want, "T", rtol, atol)     |g - w| <= atol + rtol * |w|
--   local rng = v.lcg(42); rng()            deterministic integers in [0, 2^31)
--   local f = v.floats(7); f()              deterministic floats k / 2^23 in [-1, 1)
--   local xs = v.fill(buf, seed [, lo, hi]) fills a buffer, returns its values
--   local at = v.index2d(rows, cols)        at(i, j) = i * cols + j, bounds checked
--   local at3 = v.index3d(nz, ny, nx)       at3(k, i, j) = (k * ny + i) * nx + j
--   v.fma32(a, b, c)                        float32 fused multiply-add a*b+c
--   v.spread(n, count)                      indices to check, spread over 0..n-1
--   v.spread2d(rows, cols, count)           cells {i, j} to check: corners, edges, inside
--
-- got is a 1-based table (as returned by buffer:read()) or a buffer; want
-- the same or a function of the 0-based index. If any element differs the
-- helpers call ws.check(false, msg) once; the message names the buffer, how
-- many elements differ, and the first ones (up to verify.show, default 5)
-- by their 0-based index (the index the kernel used) with both values.
-- When every element matches they record a passed check (ws.check(true,
-- name)). Both return ok, the number of differing elements and a 1-based
-- table of the first differing 0-based indices.

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

-- How many differing elements a failed comparison lists.
verify.show = 5

-- A buffer (userdata with read) is read once; tables and functions pass.
local function values(x)
  if type(x) == "userdata" then
    return x:read()
  end
  return x
end

-- Walks got and want with the predicate ok(g, w); reports the count and
-- the first verify.show failures. The loops are written out per kind of
-- want so that a million elements take a fraction of a second.
local function compare(got, want, name, ok, what)
  got, want = values(got), values(want)
  local n = #got
  if type(want) == "table" and n ~= #want then
    ws.check(false, string.format("%s: got %d elements, want %d", name, n, #want), 2)
    return false, math.abs(n - #want), {}
  end
  local bad, first, show = 0, {}, verify.show
  if type(want) == "function" then
    for i = 1, n do
      local g, w = got[i], want(i - 1)
      if not ok(g, w) then
        bad = bad + 1
        if bad <= show then first[bad] = { i - 1, g, w } end
      end
    end
  else
    for i = 1, n do
      local g, w = got[i], want[i]
      if g ~= w and not ok(g, w) then
        bad = bad + 1
        if bad <= show then first[bad] = { i - 1, g, w } end
      end
    end
  end
  local idx = {}
  for k, f in ipairs(first) do idx[k] = f[1] end
  if bad > 0 then
    local at = {}
    for k, f in ipairs(first) do
      at[k] = string.format("[%d]: got %s, want %s", f[1], fmt(f[2]), fmt(f[3]))
    end
    ws.check(false, string.format("%s: %d of %d elements differ (%s); first at %s",
      name, bad, n, what, table.concat(at, "; ")), 2)
    return false, bad, idx
  end
  ws.check(true, name)     -- counted in `warpscope run`'s "checks passed"
  return true, 0, idx
end

-- Exact comparison. Integers compare by value; floats by value, so +0 and -0
-- are equal, and a NaN matches only a NaN.
function verify.equal(got, want, name)
  return compare(got, want, name or "buffer", function(g, w)
    if g == w then
      return true
    end
    return isnan(w) and isnan(g)
  end, "exact")
end

-- Comparison with tolerance: |g - w| <= atol + rtol * |w|. Defaults rtol =
-- 1e-5, atol = 1e-6. A NaN matches only a NaN; infinities must match exactly.
function verify.close(got, want, name, rtol, atol)
  rtol = rtol or 1e-5
  atol = atol or 1e-6
  return compare(got, want, name or "buffer", function(g, w)
    if g == w then
      return true          -- also covers equal infinities
    end
    if isnan(w) or isnan(g) then
      return isnan(w) and isnan(g)
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

-- A generator of float32 values k / 2^23 in [-1, 1): exact in float32 and
-- in a double, so references that round with ws.f32 see the kernel's inputs.
function verify.floats(seed)
  local rng = verify.lcg(seed)
  return function()
    return ((rng() >> 7) - (1 << 23)) / (1 << 23)
  end
end

-- Fills a buffer with deterministic values and returns them as a 1-based
-- table (the reference's copy of the input, as the buffer holds it):
-- floats from verify.floats(seed) mapped onto [lo, hi) (default [-1, 1),
-- where they are the generator's values themselves) and rounded to the
-- buffer's precision; integers from verify.lcg(seed) in [lo, hi) (default
-- [0, 100)).
function verify.fill(buf, seed, lo, hi)
  local t, n = {}, buf.n
  if buf.type == "f32" or buf.type == "f64" then
    lo, hi = lo or -1, hi or 1
    local f, half = verify.floats(seed), (hi - lo) / 2
    local r32 = buf.type == "f32" and ws.f32 or function(x) return x end
    if lo == -1 and hi == 1 then
      for i = 1, n do t[i] = f() end
    else
      for i = 1, n do t[i] = r32(lo + (f() + 1) * half) end
    end
  else
    lo, hi = lo or 0, hi or 100
    if math.type(lo) ~= "integer" or math.type(hi) ~= "integer" or hi <= lo then
      error(string.format("verify.fill: an integer range needs integers lo < hi, got %s, %s",
                          tostring(lo), tostring(hi)), 2)
    end
    local rng, span = verify.lcg(seed), hi - lo
    for i = 1, n do t[i] = lo + rng() % span end
  end
  buf:write(t)
  return t
end

-- The flat 0-based index of element (i, j) of a rows x cols array stored
-- row by row, as a kernel computes it; an index outside the array is an
-- error at the caller's line.
function verify.index2d(rows, cols)
  return function(i, j)
    if i < 0 or i >= rows or j < 0 or j >= cols then
      error(string.format("index (%s, %s) is outside the %d x %d array",
                          tostring(i), tostring(j), rows, cols), 2)
    end
    return i * cols + j
  end
end

-- The same for an nz x ny x nx array: (k, i, j) -> (k * ny + i) * nx + j.
function verify.index3d(nz, ny, nx)
  return function(k, i, j)
    if k < 0 or k >= nz or i < 0 or i >= ny or j < 0 or j >= nx then
      error(string.format("index (%s, %s, %s) is outside the %d x %d x %d array",
                          tostring(k), tostring(i), tostring(j), nz, ny, nx), 2)
    end
    return (k * ny + i) * nx + j
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
