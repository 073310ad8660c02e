-- acc_local: local memory from dynamically indexed per-thread arrays
-- (.local __local_depot, %SP/%SPL, ld/st.local .u32/.v2/.v4/.f64/.u16/.s16).
--  * local_table: int a[16] written/read/read-modify-written at positions
--    taken from the input data
--  * local_sort: insertion sort of 12 ints in a local array (data-dependent
--    while loop with dynamic loads/stores), plus a dynamically indexed median
--  * local_mixed: per-thread histogram (dynamic bin), a local double array
--    read at data-dependent positions, and an array of structs {int, float,
--    short} indexed dynamically
-- Kernel: tests/kernels/acc_local.cu

local m = ws.load_ptx("../../tests/kernels/acc_local.ptx")

local seed = 1234567
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end
local function s32(x)
  x = x & 0xffffffff
  if x >= 0x80000000 then x = x - 0x100000000 end
  return x
end
local function sx16(x)
  x = x & 0xffff
  if x >= 0x8000 then x = x - 0x10000 end
  return x
end
local function tmod(x, y)            -- C remainder (sign of the dividend)
  local r = math.fmod(x, y)
  return math.tointeger(r) or r
end

local n = 150
local B = 64
local G = (n + B - 1) // B

local IDX, VALS = {}, {}
for i = 1, n do IDX[i] = rnd(); VALS[i] = (rnd() % 2000001) - 1000000 end
local bidx = ws.alloc("s32", n); bidx:write(IDX)
local bvals = ws.alloc("s32", n); bvals:write(VALS)
local bto = ws.alloc("s32", 2 * n)
ws.launch(m, "local_table", { grid = G, block = B, args = { bidx, bvals, bto, n } })

local SIN = {}
for i = 1, 12 * n do SIN[i] = (rnd() % 201) - 100 end
local bsin = ws.alloc("s32", 12 * n); bsin:write(SIN)
local bso = ws.alloc("s32", 13 * n)
ws.launch(m, "local_sort", { grid = G, block = B, args = { bsin, bso, n } })

local MIN = {}
for i = 1, 8 * n do MIN[i] = s32((rnd() << 1) ~ rnd()) end
local bmin = ws.alloc("s32", 8 * n); bmin:write(MIN)
local bh = ws.alloc("s32", 10 * n)
local bd = ws.alloc("f64", n)
local bi = ws.alloc("s32", 2 * n)
local bf = ws.alloc("f32", n)
ws.launch(m, "local_mixed", { grid = G, block = B, args = { bmin, bh, bd, bi, bf, n } })

ws.run()

-------------------------------------------------------------------- checks
local to = bto:read()
for i = 1, n do
  local a = {}
  for k = 0, 15 do a[k] = VALS[i] * (k + 1) - k * k end
  local p = IDX[i]
  a[p & 15] = a[p & 15] + 1000
  a[(p >> 4) & 15] = a[(p >> 4) & 15] ~ 0x5555
  local s = 0
  for k = 0, 3 do s = s + a[(p >> (4 * k)) & 15] * (k + 1) end
  local e1, e2 = s32(s), s32(a[(p >> 16) & 15] - a[(p >> 20) & 15])
  ws.check(to[2 * i - 1] == e1, string.format("local_table out[%d] = %d, expected %d", 2 * i - 2, to[2 * i - 1], e1))
  ws.check(to[2 * i] == e2, string.format("local_table out[%d] = %d, expected %d", 2 * i - 1, to[2 * i], e2))
end

local so = bso:read()
for i = 0, n - 1 do
  local v = {}
  for k = 1, 12 do v[k] = SIN[12 * i + k] end
  table.sort(v)
  for k = 1, 12 do
    ws.check(so[13 * i + k] == v[k], string.format("local_sort thread %d out[%d] = %d, expected %d", i, k - 1, so[13 * i + k], v[k]))
  end
  local lo = SIN[12 * i + 1] & 7
  ws.check(so[13 * i + 13] == v[lo + 3], string.format("local_sort thread %d median = %d, expected %d", i, so[13 * i + 13], v[lo + 3]))
end

local ho, dO, io, fo = bh:read(), bd:read(), bi:read(), bf:read()
for i = 0, n - 1 do
  local h = {}
  for k = 0, 9 do h[k] = 0 end
  local d, it = {}, {}
  for k = 0, 7 do
    local x = MIN[8 * i + k + 1]
    local b = (x & 0x7fffffff) % 10
    h[b] = h[b] + 1 + (k & 1)
    d[k] = x * 0.5
    if k < 6 then it[k] = { key = tmod(x, 6), w = (x & 0xff) * 0.25, tag = sx16(x >> 16) } end
  end
  for k = 0, 9 do
    ws.check(ho[10 * i + k + 1] == h[k], string.format("local_mixed thread %d hist[%d] = %d, expected %d", i, k, ho[10 * i + k + 1], h[k]))
  end
  local p = 1.0
  for k = 0, 7 do
    local j = (MIN[8 * i + k + 1] >> 3) & 7
    p = p * 0.5 + d[j]                      -- p*0.5 is exact, so fma == mul+add
  end
  ws.check(dO[i + 1] == p, string.format("local_mixed thread %d dout = %.17g, expected %.17g", i, dO[i + 1], p))
  local k0 = MIN[8 * i + 1] & 3
  local k1 = (it[k0].key & 1) + 4
  local e1, e2 = it[k0].key + it[k1].tag, it[k1].key * 1000 + it[k0].tag
  ws.check(io[2 * i + 1] == e1, string.format("local_mixed thread %d iout[0] = %d, expected %d", i, io[2 * i + 1], e1))
  ws.check(io[2 * i + 2] == e2, string.format("local_mixed thread %d iout[1] = %d, expected %d", i, io[2 * i + 2], e2))
  local ef = it[k0].w - it[k1].w
  ws.check(fo[i + 1] == ef, string.format("local_mixed thread %d fout = %s, expected %s", i, fo[i + 1], ef))
end

print(string.format("acc_local: OK (%d threads x 3 kernels)", n))
