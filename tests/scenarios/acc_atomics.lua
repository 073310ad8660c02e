-- acc_atomics: global-memory atomics, checking every returned old value.
--  atom.global: add.u32 (int, and unsigned with wrap-around), min/max .s32
--  and .u32, inc.u32 (wrap 13 from 5; wrap 0), dec.u32 (wrap 9 from 20 > 9;
--  wrap 4 from 0), and/or/xor.b32, exch.b32, cas.b32 (CAS-loop counter and
--  CAS-loop float max), add.f32, add.f64, add.u64 (64-bit wrap), min.s64,
--  max.u64, xor/and/or.b64, cas.b64, exch.b64; red.global.add.u32,
--  red.global.max.s32, red.global.add.f32 (inline PTX, with a scoped .reg
--  and cvta.to.global inside braces).
-- Method: the old values returned to the threads must form one valid
-- serialisation of the operations starting at the initial value and ending
-- at the final memory value. For monotone operations (positive add, min,
-- max, and, or) the order is recovered by sorting the old values; for the
-- others (wrapping add, xor, exch) by walking the chain old -> new with
-- backtracking on ties. inc/dec produce a fixed sequence, compared as a
-- multiset. All values are exact (float/double increments are dyadic).
-- Semantics: atomicInc: old >= v ? 0 : old+1; atomicDec: (old == 0 || old > v) ? v : old-1.
-- Kernel: tests/kernels/acc_atomics.cu

local m = ws.load_ptx("../kernels/acc_atomics.ptx")

local seed = 5550123
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end
local function u32(x) return x & 0xffffffff end
local function s32(x)
  x = x & 0xffffffff
  if x >= 0x80000000 then x = x - 0x100000000 end
  return x
end
local function popc(x)
  local c = 0
  while x ~= 0 do c = c + (x & 1); x = x >> 1 end
  return c
end
local function umin(a, b) return math.ult(a, b) and a or b end
local function umax(a, b) return math.ult(a, b) and b or a end

local n = 200
local X = {}
for i = 1, n do X[i] = s32((rnd() << 1) ~ rnd()) end
X[7] = -2147483648; X[8] = 2147483647; X[9] = 0; X[10] = -1

local init32 = { 0, 0xfffff000, 1000, -1000, 0x80000000, 5, 5, 20, 0xffffffff, 0, 0x13572468, 0x7fff0001,
  0, 100, 7, 0, -2147483648 }
local c32 = ws.alloc("u32", 17)
c32:write(function(i) return u32(init32[i + 1]) end)
local cf = ws.alloc("f32", 2 + 1); cf:write({ 0.0, -1e30, 1.5 })
local cd = ws.alloc("f64", 1); cd:write({ 0.5 })
local init64 = { -4096, math.maxinteger, 1 << 40, 0x0123456789abcdef, 1 << 33, -17, -1, 0 }
local c64 = ws.alloc("s64", 8); c64:write(init64)
local o32 = ws.alloc("s32", 15 * n)
local of = ws.alloc("f32", 2 * n)
local od = ws.alloc("f64", n)
local o64 = ws.alloc("s64", 8 * n)
local bx = ws.alloc("s32", n); bx:write(X)
ws.launch(m, "atom_global", { grid = 4, block = 64,
  args = { bx, c32, cf, cd, c64, o32, of, od, o64, n } })
ws.run()

local C32, CF, CD, C64 = c32:read(), cf:read(), cd:read(), c64:read()
local O32, OF, OD, O64 = o32:read(), of:read(), od:read(), o64:read()

local function row(t, k) local r = {}; for i = 1, n do r[i] = t[k * n + i] end; return r end

-- monotone: sort by `before` on old values; equal olds: the thread that
-- changes the value comes last.
local function check_sorted(name, olds, apply, init, final, before)
  local idx = {}
  for i = 1, n do idx[i] = i end
  local function changes(i) return apply(olds[i], i) ~= olds[i] end
  table.sort(idx, function(p, q)
    local a, b = olds[p], olds[q]
    if a ~= b then return before(a, b) end
    return (not changes(p)) and changes(q)
  end)
  local cur = init
  for k, i in ipairs(idx) do
    ws.check(olds[i] == cur, string.format("%s: thread %d returned old %s, but no serialisation gives it " ..
      "(step %d expected old %s)", name, i - 1, tostring(olds[i]), k, tostring(cur)))
    cur = apply(cur, i)
  end
  ws.check(cur == final, string.format("%s: final value %s, expected %s", name, tostring(final), tostring(cur)))
end

-- general: walk old -> apply(old) with backtracking over threads that saw
-- the same old value.
local function check_chain(name, olds, apply, init, final)
  local by = {}
  for i = 1, n do
    local o = olds[i]
    by[o] = by[o] or {}
    table.insert(by[o], i)
  end
  local used, depth, best = {}, 0, 0
  local function dfs(cur, k)
    if k > best then best = k end
    if k == n then return cur == final end
    local c = by[cur]
    if not c then return false end
    for _, i in ipairs(c) do
      if not used[i] then
        used[i] = true
        if dfs(apply(cur, i), k + 1) then return true end
        used[i] = false
      end
    end
    return false
  end
  ws.check(dfs(init, 0), string.format("%s: old values do not form a serialisation from %s to final %s " ..
    "(longest consistent prefix %d of %d)", name, tostring(init), tostring(final), best, n))
end

local function check_sequence(name, olds, seq_next, init, final)
  local want, cnt = {}, {}
  local cur = init
  for _ = 1, n do want[cur] = (want[cur] or 0) + 1; cur = seq_next(cur) end
  for i = 1, n do cnt[olds[i]] = (cnt[olds[i]] or 0) + 1 end
  for v, c in pairs(want) do
    ws.check(cnt[v] == c, string.format("%s: old value %d returned %d times, expected %d", name, v, cnt[v] or 0, c))
  end
  for v, c in pairs(cnt) do
    ws.check(want[v] ~= nil, string.format("%s: old value %d returned %d times, expected never", name, v, c))
  end
  ws.check(final == cur, string.format("%s: final value %d, expected %d", name, final, cur))
end

local asc = function(a, b) return a < b end
local desc = function(a, b) return a > b end
local uasc = function(a, b) return math.ult(a, b) end
local udesc = function(a, b) return math.ult(b, a) end

-- 32-bit rows (o32 is s32: convert unsigned results with u32)
local function urow(k) local r = row(O32, k); for i = 1, n do r[i] = u32(r[i]) end; return r end
check_sorted("atomicAdd(int)", row(O32, 0), function(c, i) return c + (X[i] & 1023) + 1 end, 0, s32(C32[1]), asc)
check_chain("atomicAdd(unsigned, wrapping)", urow(1), function(c, i) return u32(c + (u32(X[i]) | 0x10000000)) end,
  0xfffff000, C32[2])
check_sorted("atomicMin(int)", row(O32, 2), function(c, i) return math.min(c, X[i]) end, 1000, s32(C32[3]), desc)
check_sorted("atomicMax(int)", row(O32, 3), function(c, i) return math.max(c, X[i]) end, -1000, s32(C32[4]), asc)
check_sorted("atomicMin(unsigned)", urow(4), function(c, i) return umin(c, u32(X[i])) end, 0x80000000, C32[5], udesc)
check_sorted("atomicMax(unsigned)", urow(5), function(c, i) return umax(c, u32(X[i])) end, 5, C32[6], uasc)
check_sequence("atomicInc(wrap 13)", urow(6), function(c) return c >= 13 and 0 or c + 1 end, 5, C32[7])
check_sequence("atomicDec(wrap 9)", urow(7), function(c) return (c == 0 or c > 9) and 9 or c - 1 end, 20, C32[8])
check_sorted("atomicAnd", urow(8), function(c, i)
  return c & u32(~(1 << ((i - 1) & 31)) | (X[i] & 0x0f0f0f0f)) end, 0xffffffff, C32[9],
  function(a, b) return popc(a) > popc(b) end)
check_sorted("atomicOr", urow(9), function(c, i) return c | (1 << ((i - 1) % 29)) end, 0, C32[10],
  function(a, b) return popc(a) < popc(b) end)
check_chain("atomicXor", urow(10), function(c, i) return c ~ u32(u32(X[i]) ~ ((i - 1) * 0x9E3779B9)) end,
  0x13572468, C32[11])
check_chain("atomicExch", urow(11), function(c, i) return (i - 1) * 7 + 1 end, 0x7fff0001, C32[12])
do
  local s = 0
  for i = 1, n do s = s + X[i] end
  ws.check(C32[13] == u32(s), string.format("red.global.add.u32: final %d, expected %d", C32[13], u32(s)))
  local mx = -2147483648
  for i = 1, n do mx = math.max(mx, X[i]) end
  ws.check(C32[17] == u32(mx), string.format("red.global.max.s32: final %d, expected %d", C32[17], u32(mx)))
end
check_sorted("atomicCAS loop counter", row(O32, 12), function(c, i) return c + i end, 100, s32(C32[14]), asc)
check_sequence("atomicInc(wrap 0)", urow(13), function(c) return 0 end, 7, C32[15])
check_sequence("atomicDec(wrap 4) from 0", urow(14), function(c) return (c == 0 or c > 4) and 4 or c - 1 end, 0, C32[16])

-- float add (exact: multiples of 0.25), float CAS max, red add
local function fx(i) return ((X[i] & 63) + 1) * 0.25 end
check_sorted("atomicAdd(float)", row(OF, 0), function(c, i) return c + fx(i) end, 0.0, CF[1], asc)
do
  local mx = -1e30
  local fv = {}
  local members = { [ws.f32(-1e30)] = true }
  for i = 1, n do fv[i] = ws.f32(X[i] * 0.5); mx = math.max(mx, fv[i]); members[fv[i]] = true end
  ws.check(CF[2] == mx, string.format("CAS-loop float max: final %s, expected %s", CF[2], mx))
  for i = 1, n do
    local o = OF[n + i]
    ws.check(members[o] ~= nil and o <= mx,
      string.format("CAS-loop float max: thread %d returned %s, not a value the location ever held", i - 1, o))
  end
  local s = 1.5
  for i = 1, n do s = s - fx(i) end
  ws.check(CF[3] == s, string.format("red.global.add.f32: final %s, expected %s", CF[3], s))
end
check_sorted("atomicAdd(double)", OD, function(c, i) return c + (X[i] & 0xffffff) * 0.125 + 0.125 end,
  0.5, CD[1], asc)

-- 64-bit
local function ux64(i) return (u32(X[i]) << 32) | u32((i - 1) * 2654435761) end
check_chain("atomicAdd(u64, wrapping)", row(O64, 0), function(c, i) return c + (ux64(i) | 1) end, init64[1], C64[1])
check_sorted("atomicMin(s64)", row(O64, 1), function(c, i) return math.min(c, ux64(i)) end, init64[2], C64[2], desc)
check_sorted("atomicMax(u64)", row(O64, 2), function(c, i) return umax(c, ux64(i)) end, init64[3], C64[3], uasc)
check_chain("atomicXor(u64)", row(O64, 3), function(c, i) return c ~ (ux64(i) * 0x9E3779B97F4A7C15) end, init64[4], C64[4])
check_sorted("atomicCAS loop (u64)", row(O64, 4), function(c, i) return c + (i << 33) end, init64[5], C64[5], asc)
check_chain("atomicExch(u64)", row(O64, 5), function(c, i) return ux64(i) end, init64[6], C64[6])
check_sorted("atomicAnd(u64)", row(O64, 6), function(c, i) return c & ~(1 << ((i - 1) & 63)) end, init64[7], C64[7],
  function(a, b) return popc(a) > popc(b) end)
check_sorted("atomicOr(u64)", row(O64, 7), function(c, i) return c | (1 << (((i - 1) * 5) & 63)) end, init64[8], C64[8],
  function(a, b) return popc(a) < popc(b) end)

print(string.format("acc_atomics: OK (%d threads, 29 atomic operations, every old value checked)", n))
