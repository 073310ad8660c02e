-- acc_vote: warp votes and masks.
--  * vote.sync.all.pred / any.pred / ballot.b32 with a full member mask,
--    popc.b32 of a ballot (vote_basic)
--  * activemask.b32 in converged code (whole warp) and inside a divergent
--    branch taken by lanes 0,3,...,30 (must be exactly those lanes, which the
--    SIMT stack knows), a ballot with that mask
--  * ballot/all with a 16-lane member mask inside `if (lane < 16)`,
--    16-bit arithmetic that nvcc emits for lane % 3 (mul.wide.u16 with a
--    negative immediate, mul.lo.s16, sub.s16, setp.ne.s16)
--  * warp stream compaction from ballot + popc(ballot & lanemask_lt)
--    (vote_compact), n not a multiple of 32
--  * votes in a partial warp (48-thread block) using __activemask() as the
--    member mask (vote_partial)
-- Kernel: tests/kernels/acc_vote.cu

local m = ws.load_ptx("../../tests/kernels/acc_vote.ptx")

local seed = 4242
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end
local FULL = 0xffffffff

---------------------------------------------------------------- vote_basic
local B, G = 64, 3
local n = B * G
local vin = {}
for i = 1, n do vin[i] = (rnd() % 1999) - 999 end
-- warp 1 and 4 contain a 42, warp 2 contains a value <= -1000,
-- warps 0 and 3 contain a 7 among lanes < 16
vin[1 * 32 + 9 + 1] = 42
vin[4 * 32 + 31 + 1] = 42
vin[2 * 32 + 17 + 1] = -1500
vin[0 * 32 + 3 + 1] = 7
vin[3 * 32 + 15 + 1] = 7
for w = 0, n // 32 - 1 do          -- no accidental 42 / 7 / -1000 elsewhere
  for l = 0, 31 do
    local i = w * 32 + l + 1
    local v = vin[i]
    if v == 42 and w ~= 1 and w ~= 4 then vin[i] = 41 end
    if v == 7 and not ((w == 0 and l == 3) or (w == 3 and l == 15)) then vin[i] = 8 end
  end
end
local bin = ws.alloc("s32", n); bin:write(vin)
local bout = ws.alloc("u32", 8 * n)
ws.launch(m, "vote_basic", { grid = G, block = B, args = { bin, bout } })

---------------------------------------------------------------- vote_compact
local cn = 150
local CB, CG = 64, 3                   -- 192 threads, 6 warps
local cin = {}
for i = 1, cn do cin[i] = (rnd() % 201) - 100 end
local bcin = ws.alloc("s32", cn); bcin:write(cin)
local bcout = ws.alloc("s32", CB * CG); bcout:write(function(i) return -7777 end)
local bcnt = ws.alloc("s32", CB * CG // 32)
ws.launch(m, "vote_compact", { grid = CG, block = CB, args = { bcin, bcout, bcnt, cn } })

---------------------------------------------------------------- vote_partial
local PB, PG = 48, 2
local pn = PB * PG
local pin = {}
for i = 1, pn do pin[i] = (rnd() % 100) end          -- all >= 0 ...
pin[5] = -3                                          -- block 0 warp 0 has a negative
pin[PB + 40 + 1] = 0                                 -- block 1 warp 1 has a zero
for i = 1, pn do if pin[i] == 0 and i ~= PB + 41 then pin[i] = 1 end end
local bpin = ws.alloc("s32", pn); bpin:write(pin)
local bpout = ws.alloc("u32", 4 * pn)
ws.launch(m, "vote_partial", { grid = PG, block = PB, args = { bpin, bpout } })

ws.run()

-------------------------------------------------------------------- checks
local function popc(x)
  local c = 0
  while x ~= 0 do c = c + (x & 1); x = x >> 1 end
  return c
end
local div3 = 0
for l = 0, 31, 3 do div3 = div3 | (1 << l) end      -- 0x49249249

local o = bout:read()
for w = 0, n // 32 - 1 do
  local all, any, ballot, bpos, lo, all7 = 1, 0, 0, 0, 0, 1
  for l = 0, 31 do
    local v = vin[w * 32 + l + 1]
    if not (v > -1000) then all = 0 end
    if v == 42 then any = 1 end
    if v & 1 == 1 then ballot = ballot | (1 << l) end
    if l % 3 == 0 and v > 0 then bpos = bpos | (1 << l) end
    if l < 16 and v < 0 then lo = lo | (1 << l) end
    if l < 16 and v == 7 then all7 = 0 end
  end
  local lo_full = lo | (all7 << 31)
  for l = 0, 31 do
    local g = w * 32 + l
    local e = { all, any, ballot, popc(ballot), FULL,
                l % 3 == 0 and div3 or 0, l % 3 == 0 and bpos or 0,
                l < 16 and lo_full or 0 }
    local names = { "all", "any", "ballot", "popc", "activemask", "activemask(divergent)",
                    "ballot(divergent mask)", "ballot|all(mask 0xffff)" }
    for k = 1, 8 do
      local got = o[8 * g + k]
      ws.check(got == e[k], string.format("vote_basic thread %d %s = 0x%x, expected 0x%x",
        g, names[k], got, e[k]))
    end
  end
end

local co, cc = bcout:read(), bcnt:read()
for w = 0, CB * CG // 32 - 1 do
  local k = 0
  for l = 0, 31 do
    local g = w * 32 + l
    local v = g < cn and cin[g + 1] or -1
    if v > 0 then
      ws.check(co[w * 32 + k + 1] == v, string.format("vote_compact out[%d] = %s, expected %d", w * 32 + k, co[w * 32 + k + 1], v))
      k = k + 1
    end
  end
  ws.check(cc[w + 1] == k, string.format("vote_compact counts[%d] = %s, expected %d", w, cc[w + 1], k))
  for j = k, 31 do
    ws.check(co[w * 32 + j + 1] == -7777, string.format("vote_compact out[%d] = %s, expected untouched -7777", w * 32 + j, co[w * 32 + j + 1]))
  end
end

local po = bpout:read()
for b = 0, PG - 1 do
  for wb = 0, 32, 32 do
    local live = math.min(32, PB - wb)
    local am = live == 32 and FULL or ((1 << live) - 1)
    local ballot, all, any = 0, 1, 0
    for l = 0, live - 1 do
      local v = pin[b * PB + wb + l + 1]
      if v >= 0 then ballot = ballot | (1 << l) else all = 0 end
      if v == 0 then any = 1 end
    end
    for l = 0, live - 1 do
      local g = b * PB + wb + l
      local e = { am, ballot, all, any }
      for k = 1, 4 do
        ws.check(po[4 * g + k] == e[k], string.format("vote_partial thread %d word %d = 0x%x, expected 0x%x", g, k - 1, po[4 * g + k], e[k]))
      end
    end
  end
end

print(string.format("acc_vote: OK (basic %d, compact %d, partial %d threads)", n, CB * CG, pn))
