-- suite.lua: helpers shared by the workload suite's scenarios (examples/suite/).
--
--   local suite = require "suite"
--   local n = suite.pick{ test = 64, paper = 512 }   by the key workload.size
--   suite.fill(buf, seed)                             deterministic floats in [-1, 1)
--   local idx = suite.sample(n [, count])             outputs to check: all, or 2048 spread over 0..n-1
--   suite.check(name, idx, got, want [, rtol, atol])  compare got(i) with want(i) over idx
--   suite.dot(acc, n, x, xo, xs, y, yo, ys [, alpha]) a kernel's fma.rn.f32 chain
--   suite.taps(xs, cs)                                an unrolled sum of products
--   local log = suite.launches()                      check launch by launch:
--   log.run(name, idx, want, launch, got); log.add(...); log.check()
--
-- A workload checks every output at test size and a deterministic sample at
-- paper size, where a full reference in Lua would take longer than the
-- simulation: suite.sample returns every index when n <= count, so the same
-- code does both.

local verify = require "verify"

local suite = {}

-- The configured size: "test" or "paper".
function suite.size()
  return ws.config()["workload.size"]
end

-- The entry of t for the configured size (t.test or t.paper).
function suite.pick(t)
  local v = t[suite.size()]
  if v == nil then
    error("suite.pick: no entry for workload.size " .. suite.size(), 2)
  end
  return v
end

-- A generator of float32 values k / 2^23 in [-1, 1) (verify.floats).
suite.floats = verify.floats

-- Fills a f32 buffer with suite.floats(seed): the values of
-- verify.fill(buf, seed), written one by one as they are drawn, without
-- the table of them verify.fill returns (16 bytes of host memory per
-- element: 236 MB for the 14.7 M of the largest scaling input).
function suite.fill(buf, seed)
  if buf.type ~= "f32" and buf.type ~= "f64" then
    verify.fill(buf, seed)
    return
  end
  buf:write(verify.floats(seed))   -- called once per element, in order
end

-- Indices of the outputs to check among 0 .. n-1: every one at test size;
-- at paper size count of them (default 2048, or all when n <= count) in
-- increasing order, spread over the output with both ends included
-- (verify.spread).
function suite.sample(n, count)
  if suite.size() == "test" then
    return verify.spread(n, n)
  end
  return verify.spread(n, count or 2048)
end

-- Compares got(i) with want(i) for every i of idx: exactly, or with the
-- tolerance of verify.close when rtol is given. got and want are functions
-- of the output index, or tables holding the values already (1-based, in
-- the order of idx). One check per call. When the sample is not the whole
-- output, a failure first prints which output element the first differing
-- sample is (verify numbers the sample).
function suite.check(name, idx, got, want, rtol, atol)
  local g = type(got) == "table" and got or {}
  local w = type(want) == "table" and want or {}
  for k, i in ipairs(idx) do
    if g ~= got then g[k] = got(i) end
    if w ~= want then w[k] = want(i) end
  end
  if #idx > 0 and idx[#idx] ~= #idx - 1 then
    for k = 1, #idx do
      local bad = g[k] ~= w[k] and not (g[k] ~= g[k] and w[k] ~= w[k])
      if bad and rtol then
        bad = not (math.abs(g[k] - w[k]) <= (atol or 1e-6) + rtol * math.abs(w[k]))
      end
      if bad then
        print(string.format("%s: sample [%d] is output element %d", name, k - 1, idx[k]))
        break
      end
    end
  end
  if rtol then
    return verify.close(g, w, name, rtol, atol)
  end
  return verify.equal(g, w, name)
end

-- The chain of fma.rn.f32 a kernel's dot-product loop compiles to:
--   for k = 0 .. n-1: acc = fma(x[xo + k*xs], y[yo + k*ys], acc)
-- over the f32 buffers x and y, starting from acc. With alpha, each x
-- element is first multiplied by alpha and rounded (the mul.f32 that
-- `alpha * x[..] * y[..]` compiles to).
function suite.dot(acc, n, x, xo, xs, y, yo, ys, alpha)
  local fma32, f32 = verify.fma32, ws.f32
  for k = 0, n - 1 do
    local xv = x:get(xo + k * xs)
    if alpha then xv = f32(alpha * xv) end
    acc = fma32(xv, y:get(yo + k * ys), acc)
  end
  return acc
end

-- An unrolled sum of products x1*c1 + x2*c2 + ... as nvcc compiles it: a
-- mul.f32 of the second term, an fma.rn.f32 adding the first, then one
-- fma.rn.f32 per further term, left to right. xs and cs are equally long
-- lists (at least two) of float32 values.
function suite.taps(xs, cs)
  local fma32 = verify.fma32
  local acc = fma32(xs[1], cs[1], ws.f32(xs[2] * cs[2]))
  for t = 3, #xs do
    acc = fma32(xs[t], cs[t], acc)
  end
  return acc
end

-- Checks an iterative workload launch by launch, for kernels whose result
-- at each element is a function of the device's state before the launch:
-- log.run(name, idx, want, launch, got) evaluates want(e) for every e of
-- idx, calls launch() (which queues the launch) and ws.run(), then reads
-- got(e); log.add(name, idx, got, want) records values already known (1-
-- based tables in the order of idx); log.check() makes one suite.check per
-- name over everything recorded under it.
function suite.launches()
  local log, names = {}, {}
  local self = {}
  function self.add(name, idx, got, want)
    local s = log[name]
    if not s then
      s = { {}, {}, {} }
      log[name] = s
      names[#names + 1] = name
    end
    for q, e in ipairs(idx) do
      local k = #s[1] + 1
      s[1][k], s[2][k], s[3][k] = e, got[q], want[q]
    end
  end
  function self.run(name, idx, want, launch, got)
    local w, g = {}, {}
    for q, e in ipairs(idx) do w[q] = want(e) end
    launch()
    ws.run()
    for q, e in ipairs(idx) do g[q] = got(e) end
    self.add(name, idx, g, w)
  end
  function self.check()
    for _, name in ipairs(names) do
      suite.check(name, log[name][1], log[name][2], log[name][3])
    end
  end
  return self
end

return suite
