-- verify.spread and verify.spread2d (scripts/lua/verify.lua): the sampled
-- checks of the large suite workloads rely on them covering the ends of
-- the range, the corners and edges of a grid, and never repeating or
-- leaving the range.
local v = require "verify"

for _, c in ipairs({ { 1000, 10 }, { 1000, 999 }, { 7, 3 }, { 1 << 20, 2048 }, { 5, 5 }, { 5, 9 } }) do
  local n, count = c[1], c[2]
  local s = v.spread(n, count)
  local want = math.min(n, count)
  ws.check(#s == want, string.format("spread(%d, %d): %d indices, want %d", n, count, #s, want))
  local seen, prev = {}, -1
  for _, i in ipairs(s) do
    ws.check(math.type(i) == "integer" and i >= 0 and i < n,
             string.format("spread(%d, %d): index %s out of range", n, count, tostring(i)))
    ws.check(not seen[i], string.format("spread(%d, %d): %d twice", n, count, i))
    ws.check(i > prev, string.format("spread(%d, %d): %d after %d", n, count, i, prev))
    seen[i], prev = true, i
  end
  ws.check(s[1] == 0 and s[#s] == n - 1, string.format("spread(%d, %d): ends %d .. %d", n, count, s[1], s[#s]))
end
-- Not one fixed stride: the gaps between samples differ.
local s = v.spread(1 << 20, 2048)
ws.check(s[3] - s[2] ~= s[4] - s[3] or s[4] - s[3] ~= s[5] - s[4], "spread: a fixed stride")

-- spread2d: small grid -> every cell; large grid -> corners and every edge.
local all = v.spread2d(4, 5, 20)
ws.check(#all == 20 and all[1][1] == 0 and all[1][2] == 0 and all[20][1] == 3 and all[20][2] == 4,
         "spread2d(4, 5, 20): every cell in row-major order")
local rows, cols = 512, 300
local g = v.spread2d(rows, cols, 1024)
ws.check(#g == 1024, "spread2d(512, 300, 1024): " .. #g .. " cells")
local corner, edge = 0, { 0, 0, 0, 0 }
for _, c in ipairs(g) do
  local i, j = c[1], c[2]
  ws.check(i >= 0 and i < rows and j >= 0 and j < cols, "spread2d: cell outside the grid")
  if (i == 0 or i == rows - 1) and (j == 0 or j == cols - 1) then corner = corner + 1 end
  if i == 0 then edge[1] = edge[1] + 1 end
  if i == rows - 1 then edge[2] = edge[2] + 1 end
  if j == 0 then edge[3] = edge[3] + 1 end
  if j == cols - 1 then edge[4] = edge[4] + 1 end
end
ws.check(corner >= 4, "spread2d: the four corners")
for k = 1, 4 do ws.check(edge[k] >= 1024 // 16, "spread2d: edge " .. k .. " has " .. edge[k] .. " cells") end
print("verify.spread and spread2d OK")
