-- acc_warpcoop: warp-cooperative idioms that mix divergence and collectives.
--  * warp-aggregated atomics: inside `if (v > 0)` the active lanes elect a
--    leader (activemask.b32, brev + bfind.shiftamt for __ffs), the leader
--    does one atom.global.add for the warp, shfl.sync.idx broadcasts the base
--    over the active mask; slots must be unique, cover 0..count-1, and be
--    contiguous and in lane order within each warp (warp_aggregated_append)
--  * shuffles whose member mask is a branch's lanes: xor/down(width 16) in
--    the low half, up(width 16) in the high half, idx + ballot over the even
--    lanes (branch_shuffles)
--  * `while (__any_sync(FULL, x > 1))`: lanes finish at different
--    iterations but keep voting (any_loop)
--  * one block iterating until a shared flag stays clear, with bar.sync and
--    atom.shared.min inside the loop: connected components by min-label
--    propagation (label_propagation). The iteration count depends on the
--    interleaving, so it is checked against bounds: at least 2, at most
--    (largest distance from a component's minimum vertex) + 1.
-- Kernel: tests/kernels/acc_warpcoop.cu

local m = ws.load_ptx("../kernels/acc_warpcoop.ptx")

local seed = 5051
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end

---------------------------------------------------------------- append
local n1 = 300
local A = {}
for i = 1, n1 do A[i] = (rnd() % 201) - 100 end
for i = 1, 32 do A[64 + i] = -i end                    -- warp 2: no positive value at all
for i = 1, 32 do A[96 + i] = i end                     -- warp 3: all positive
local bA = ws.alloc("s32", n1); bA:write(A)
local bAo = ws.alloc("s32", n1); bAo:write(function() return -12345 end)
local bpos = ws.alloc("s32", n1)
local bcnt = ws.alloc("s32", 1); bcnt:write({ 0 })
ws.launch(m, "warp_aggregated_append", { grid = 5, block = 64, args = { bA, bAo, bpos, bcnt, n1 } })

---------------------------------------------------------------- branch shuffles
local n2 = 128
local S = {}
for i = 1, n2 do S[i] = (rnd() % 2001) - 1000 end
local bS = ws.alloc("s32", n2); bS:write(S)
local bSo = ws.alloc("s32", 4 * n2)
ws.launch(m, "branch_shuffles", { grid = 2, block = 64, args = { bS, bSo } })

---------------------------------------------------------------- any loop
local n3 = 96
local X = { 0, 1, 2, 3, 0xffffffff, 0x80000000, 7 }
for i = #X + 1, n3 do X[i] = rnd() % (1 << (rnd() % 21)) end
local bX = ws.alloc("u32", n3); bX:write(X)
local br = ws.alloc("s32", n3)
local bz = ws.alloc("s32", n3)
local bw = ws.alloc("s32", n3 // 32)
ws.launch(m, "any_loop", { grid = 3, block = 32, args = { bX, br, bz, bw } })

---------------------------------------------------------------- label propagation
local NV = 200
local E = {}
for i = 50, 88 do E[#E + 1] = { i + 1, i } end          -- a chain whose minimum is at one end
for i = 0, 48, 2 do E[#E + 1] = { i, i + 1 } end          -- pairs
for _ = 1, 150 do                                       -- random edges among 100..199
  local a, b = 100 + rnd() % 100, 100 + rnd() % 100
  if a ~= b then E[#E + 1] = { a, b } end
end
local NE = #E
local bsrc = ws.alloc("s32", NE); bsrc:write(function(k) return E[k + 1][1] end)
local bdst = ws.alloc("s32", NE); bdst:write(function(k) return E[k + 1][2] end)
local blab = ws.alloc("s32", NV)
local bit = ws.alloc("s32", 1)
ws.launch(m, "label_propagation", { grid = 1, block = 128, args = { bsrc, bdst, NE, NV, blab, bit } })

ws.run()

-------------------------------------------------------------------- checks
local ao, pos, cnt = bAo:read(), bpos:read(), bcnt:read()[1]
local npos = 0
for i = 1, n1 do if A[i] > 0 then npos = npos + 1 end end
ws.check(cnt == npos, string.format("warp_aggregated_append count = %d, expected %d", cnt, npos))
local used = {}
for w = 0, (n1 + 31) // 32 - 1 do
  local prev = nil
  for l = 0, 31 do
    local i = w * 32 + l
    if i < n1 then
      local p = pos[i + 1]
      if A[i + 1] > 0 then
        ws.check(p >= 0 and p < npos, string.format("warp_aggregated_append pos[%d] = %d outside [0, %d)", i, p, npos))
        ws.check(not used[p], string.format("warp_aggregated_append slot %d used twice", p))
        used[p] = true
        ws.check(ao[p + 1] == A[i + 1], string.format("warp_aggregated_append out[%d] = %d, expected %d (from element %d)", p, ao[p + 1], A[i + 1], i))
        if prev then
          ws.check(p == prev + 1, string.format("warp_aggregated_append warp %d: element %d got slot %d after slot %d (not contiguous in lane order)", w, i, p, prev))
        end
        prev = p
      else
        ws.check(p == -1, string.format("warp_aggregated_append pos[%d] = %d, expected -1", i, p))
      end
    end
  end
end
for i = npos + 1, n1 do
  ws.check(ao[i] == -12345, string.format("warp_aggregated_append out[%d] = %d, expected untouched", i - 1, ao[i]))
end

local so = bSo:read()
for w = 0, n2 // 32 - 1 do
  local v = {}
  for l = 0, 31 do v[l] = S[w * 32 + l + 1] end
  local evenpos = 0
  for l = 0, 31, 2 do if v[l] > 0 then evenpos = evenpos + 1 end end
  for l = 0, 31 do
    local a, b, c, d = -1, -1, -1, -1
    if l < 16 then
      a = v[l ~ 1]
      b = (l % 16 + 4 < 16) and v[l + 4] or v[l]
    else
      a = (l - 2 >= 16) and v[l - 2] or v[l]
    end
    if l % 2 == 0 then c = v[l ~ 2]; d = evenpos end
    local e = { a, b, c, d }
    local g = w * 32 + l
    for k = 1, 4 do
      ws.check(so[4 * g + k] == e[k], string.format("branch_shuffles thread %d word %d = %d, expected %d", g, k - 1, so[4 * g + k], e[k]))
    end
  end
end

local ro, zo, wo = br:read(), bz:read(), bw:read()
for w = 0, n3 // 32 - 1 do
  local steps, mx = {}, 0
  for l = 0, 31 do
    local x, r = X[w * 32 + l + 1], 0
    while x > 1 do
      if x & 1 == 1 then x = x - 1 else x = x >> 1 end
      r = r + 1
    end
    steps[l] = r
    if r > mx then mx = r end
  end
  ws.check(wo[w + 1] == mx, string.format("any_loop warp %d rounds = %d, expected %d", w, wo[w + 1], mx))
  for l = 0, 31 do
    local i = w * 32 + l + 1
    ws.check(ro[i] == steps[l], string.format("any_loop rounds[%d] = %d, expected %d", i - 1, ro[i], steps[l]))
    ws.check(zo[i] == mx - steps[l], string.format("any_loop idle[%d] = %d, expected %d", i - 1, zo[i], mx - steps[l]))
  end
end

-- components: minimum vertex id per component, and the iteration bound
local adj = {}
for v = 0, NV - 1 do adj[v] = {} end
for _, e in ipairs(E) do table.insert(adj[e[1]], e[2]); table.insert(adj[e[2]], e[1]) end
local comp, maxecc = {}, 0
for v = 0, NV - 1 do
  if comp[v] == nil then                  -- v is the smallest vertex of a new component
    local dist = { [v] = 0 }
    local q, h = { v }, 1
    comp[v] = v
    while h <= #q do
      local u = q[h]; h = h + 1
      for _, w in ipairs(adj[u]) do
        if dist[w] == nil then
          dist[w] = dist[u] + 1; comp[w] = v; q[#q + 1] = w
          if dist[w] > maxecc then maxecc = dist[w] end
        end
      end
    end
  end
end
local lab, iters = blab:read(), bit:read()[1]
for v = 0, NV - 1 do
  ws.check(lab[v + 1] == comp[v], string.format("label_propagation label[%d] = %d, expected %d", v, lab[v + 1], comp[v]))
end
ws.check(iters >= 2 and iters <= maxecc + 1, string.format("label_propagation took %d iterations, expected 2..%d", iters, maxecc + 1))

print(string.format("acc_warpcoop: OK (append %d of %d, shuffles %d, any-loop %d, components of %d vertices in %d iterations)",
  npos, n1, n2, n3, NV, iters))
