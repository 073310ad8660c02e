-- acc_barriers: barrier flavours.
--  * __syncthreads_count/_and/_or: bar.red.popc.u32 / bar.red.and.pred /
--    bar.red.or.pred inside { } scopes that redeclare .reg .pred %p1/%p2
--    (shadowing the function's own %p1/%p2) (bar_reduce)
--  * named barriers with a thread count, producer/consumer warp
--    specialisation: bar.arrive 1,128 / bar.sync 1,128 and the reverse on
--    barrier 2, five rounds; membar.cta from __threadfence_block (bar_named)
--  * barrier.sync 3,64 and 4,64 used by disjoint warp pairs;
--    bar.warp.sync with per-lane different half-warp masks (__syncwarp);
--    membar.gl from __threadfence (bar_partial)
-- Kernel: tests/kernels/acc_barriers.cu

local m = ws.load_ptx("../../tests/kernels/acc_barriers.ptx")

local seed = 8080
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end

---------------------------------------------------------------- bar_reduce
local B1, G1 = 256, 3
local n1 = B1 * G1
local R = {}
for i = 1, n1 do R[i] = (rnd() % 1801) - 899 end       -- [-899, 901]: all > -900 ...
R[B1 + 17] = -950                                      -- ... except one in block 1
R[2 * B1 + 200] = 777                                  -- a 777 only in block 2
for i = 1, n1 do if R[i] == 777 and i ~= 2 * B1 + 200 then R[i] = 778 end end
local br = ws.alloc("s32", n1); br:write(R)
local bro = ws.alloc("s32", 4 * G1)
ws.launch(m, "bar_reduce", { grid = G1, block = B1, args = { br, bro } })

---------------------------------------------------------------- bar_named
local G2, ROUNDS = 2, 5
local NIN = {}
for i = 1, G2 * ROUNDS * 64 do NIN[i] = (rnd() % 20001) - 10000 end
local bn = ws.alloc("s32", G2 * ROUNDS * 64); bn:write(NIN)
local bno = ws.alloc("s32", G2 * 64)
ws.launch(m, "bar_named", { grid = G2, block = 128, args = { bn, bno, ROUNDS } })

---------------------------------------------------------------- bar_partial
local G3 = 2
local n3 = 128 * G3
local P = {}
for i = 1, n3 do P[i] = (rnd() % 100001) - 50000 end
local bp = ws.alloc("s32", n3); bp:write(P)
local bpo = ws.alloc("s32", n3)
local flag = ws.alloc("s32", 1); flag:write({ 0 })
ws.launch(m, "bar_partial", { grid = G3, block = 128, args = { bp, bpo, flag } })

ws.run()

-------------------------------------------------------------------- checks
local ro = bro:read()
for b = 0, G1 - 1 do
  local cnt, all, any, odd = 0, 1, 0, 0
  for t = 0, B1 - 1 do
    local v = R[b * B1 + t + 1]
    if v > 0 then cnt = cnt + 1 end
    if not (v > -900) then all = 0 end
    if v == 777 then any = 1 end
    if v & 1 == 1 then odd = odd + 1 end
  end
  local e = { cnt, all, any, odd }
  local names = { "__syncthreads_count(v > 0)", "__syncthreads_and(v > -900)", "__syncthreads_or(v == 777)",
    "__syncthreads_count(odd neighbour)" }
  for k = 1, 4 do
    ws.check(ro[4 * b + k] == e[k], string.format("bar_reduce block %d %s = %d, expected %d", b, names[k], ro[4 * b + k], e[k]))
  end
end

local no = bno:read()
for b = 0, G2 - 1 do
  for c = 0, 63 do
    local acc = 0
    for r = 0, ROUNDS - 1 do
      local base = (b * ROUNDS + r) * 64
      acc = acc + NIN[base + c + 1] * (r + 1) + NIN[base + 63 - c + 1] * (r + 1)
    end
    ws.check(no[b * 64 + c + 1] == acc, string.format("bar_named block %d consumer %d = %d, expected %d", b, c, no[b * 64 + c + 1], acc))
  end
end

local po = bpo:read()
for b = 0, G3 - 1 do
  for t = 0, 127 do
    local u = (t & ~15) | ((t + 1) & 15)
    local e = P[b * 128 + (u ~ 32) + 1] + (u & 31)
    ws.check(po[b * 128 + t + 1] == e, string.format("bar_partial out[%d] = %d, expected %d", b * 128 + t, po[b * 128 + t + 1], e))
  end
end
ws.check(flag:read()[1] == G3, string.format("bar_partial flag = %d, expected %d", flag:read()[1], G3))

print(string.format("acc_barriers: OK (bar.red %d, named %d rounds, partial %d threads)", n1, ROUNDS, n3))
