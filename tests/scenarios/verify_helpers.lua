-- verify_helpers: the array helpers of scripts/lua/verify.lua.
--  * verify.fill: deterministic, returns exactly what the buffer holds,
--    within the range asked, for float and integer buffers
--  * verify.equal / verify.close on buffers, tables and functions of the
--    0-based index; their return values
--  * verify.index2d / index3d: the flat index, and an error outside
-- (the failure report is tests/bad/verify_close_report.lua)
local verify = require "verify"

local a = ws.alloc("f32", 1000)
local b = ws.alloc("f32", 1000)
local ta = verify.fill(a, 11)
local tb = verify.fill(b, 11)
verify.equal(a, ta, "fill returns what the buffer holds")
verify.equal(a, b, "the same seed gives the same values")
local f = verify.floats(11)
verify.equal(a, function() return f() end, "fill's default floats are verify.floats")
local lo, hi, distinct = math.huge, -math.huge, {}
for _, v in ipairs(ta) do
  lo, hi = math.min(lo, v), math.max(hi, v)
  distinct[v] = true
end
ws.check(lo >= -1 and hi < 1 and lo < -0.9 and hi > 0.9, "floats span [-1, 1)")
local nd = 0
for _ in pairs(distinct) do nd = nd + 1 end
ws.check(nd > 990, "floats are (nearly all) distinct: " .. nd)

local c = ws.alloc("f32", 500)
local tc = verify.fill(c, 3, 2.0, 3.0)
verify.equal(c, tc, "a float range: the returned values are rounded as stored")
for _, v in ipairs(tc) do ws.check(v >= 2.0 and v < 3.0, "in [2, 3)") end
local d = ws.alloc("s32", 500)
local td = verify.fill(d, 5, -5, 5)
verify.equal(d, td, "integers")
local seen = {}
for _, v in ipairs(td) do
  ws.check(math.type(v) == "integer" and v >= -5 and v < 5, "an integer in [-5, 5)")
  seen[v] = true
end
for v = -5, 4 do ws.check(seen[v], "every value of the range appears: " .. v) end
ws.check(not pcall(verify.fill, d, 5, 0.5, 2), "an integer range needs integers")

-- comparisons: buffer against function, table against buffer, tolerance
local ok, nbad, first = verify.close(c, function(i) return tc[i + 1] * (1 + 1e-7) end,
                                     "close to a function of the index", 1e-6, 0)
ws.check(ok == true and nbad == 0 and #first == 0, "close returns true, 0, {}")
ws.check(verify.equal(tb, a, "a table against a buffer"), "equal returns true")
local nan = 0 / 0
verify.equal({ 1, nan, -0.0 }, { 1, nan, 0.0 }, "NaN matches NaN, -0 matches +0")

local at = verify.index2d(3, 4)
ws.check(at(0, 0) == 0 and at(1, 2) == 6 and at(2, 3) == 11, "index2d is row-major")
local at3 = verify.index3d(2, 3, 4)
ws.check(at3(1, 2, 3) == 23 and at3(1, 0, 0) == 12, "index3d")
local e1 = select(2, pcall(at, 3, 0))
local e2 = select(2, pcall(at3, 0, 0, -1))
ws.check(tostring(e1):find("index %(3, 0%) is outside the 3 x 4 array"), "index2d bounds: " .. tostring(e1))
ws.check(tostring(e2):find("index %(0, 0, %-1%) is outside the 2 x 3 x 4 array"), "index3d bounds: " .. tostring(e2))
