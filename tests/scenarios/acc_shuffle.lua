-- acc_shuffle: warp shuffles (shfl.sync.{idx,up,down,bfly}.b32 with register
-- b/c operands and the |p predicate destination).
--  * warp inclusive scan with shfl.up, combined into a block scan through
--    shared memory (shfl_block_scan, 256-thread blocks)
--  * warp sum with shfl.down, max all-reduce with shfl.bfly, f64 all-reduce
--    (two b32 shuffles per value), broadcast from a data-dependent lane
--    (shfl_reduce)
--  * the width argument: idx with source lane beyond the width (taken modulo
--    width), broadcast per 16-segment, up/down clamped at segment borders,
--    xor inside a segment and xor 16 at width 16 (upper half reads the lower
--    half, lower half keeps its own value), negative data-dependent source
--    lane, segmented scan at width 8, 64-bit down/idx at width 8 (shfl_width)
--  * a 40-thread block: the second warp has 8 threads and uses member mask
--    0xff (shfl_partial)
-- Reference semantics: CUDA C Programming Guide, warp shuffle functions.
-- Kernel: tests/kernels/acc_shuffle.cu

local m = ws.load_ptx("../kernels/acc_shuffle.ptx")

local seed = 777
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end

-- shuffle references on a per-warp table v[0..31]
local function shfl_idx(v, lane, src, w)
  local seg = lane - lane % w
  return v[seg + (src & (w - 1))]
end
local function shfl_up(v, lane, d, w)
  if lane % w >= d then return v[lane - d] end
  return v[lane]
end
local function shfl_down(v, lane, d, w)
  if lane % w + d < w then return v[lane + d] end
  return v[lane]
end
local function shfl_xor(v, lane, mask, w)
  local j = lane ~ mask
  local seg_end = lane - lane % w + w - 1
  if j <= seg_end then return v[j] end    -- earlier or same segment only
  return v[lane]
end
local function warp_of(tbl, base)          -- 0-based copy of one warp
  local v = {}
  for l = 0, 31 do v[l] = tbl[base + l + 1] end
  return v
end

---------------------------------------------------------------- block scan
local SB, SG = 256, 3
local ns = SB * SG
local sin = {}
for i = 1, ns do sin[i] = (rnd() % 2001) - 1000 end
local bsin = ws.alloc("s32", ns); bsin:write(sin)
local bsout = ws.alloc("s32", ns)
local bwt = ws.alloc("s32", ns // 32)
ws.launch(m, "shfl_block_scan", { grid = SG, block = SB, args = { bsin, bsout, bwt } })

---------------------------------------------------------------- reduce
local RB, RG = 96, 2
local nr = RB * RG
local rin, rdin = {}, {}
for i = 1, nr do
  rin[i] = (rnd() % 200001) - 100000
  rdin[i] = ((rnd() % 20001) - 10000) / 16.0
end
local brin = ws.alloc("s32", nr); brin:write(rin)
local brdin = ws.alloc("f64", nr); brdin:write(rdin)
local bsum = ws.alloc("s32", nr // 32)
local bmax = ws.alloc("s32", nr)
local bdsum = ws.alloc("f64", nr)
local bbc = ws.alloc("s32", nr)
ws.launch(m, "shfl_reduce", { grid = RG, block = RB, args = { brin, brdin, bsum, bmax, bdsum, bbc } })

---------------------------------------------------------------- width
local WB, WG = 64, 2
local nw = WB * WG
local win, win64 = {}, {}
for i = 1, nw do
  win[i] = (rnd() % 100001) - 50000
  win64[i] = (rnd() << 33) ~ (rnd() << 2) ~ rnd()   -- full 64-bit patterns
  if i % 3 == 0 then win64[i] = -win64[i] end
end
local bwin = ws.alloc("s32", nw); bwin:write(win)
local bwin64 = ws.alloc("s64", nw); bwin64:write(win64)
local bwout = ws.alloc("s32", 10 * nw)
local bwout64 = ws.alloc("s64", 2 * nw)
ws.launch(m, "shfl_width", { grid = WG, block = WB, args = { bwin, bwin64, bwout, bwout64, nw } })

---------------------------------------------------------------- partial warp
local PB, PG = 40, 2
local np = PB * PG
local pin = {}
for i = 1, np do pin[i] = (rnd() % 1000) - 500 end
local bpin = ws.alloc("s32", np); bpin:write(pin)
local bpout = ws.alloc("s32", 3 * np)
ws.launch(m, "shfl_partial", { grid = PG, block = PB, args = { bpin, bpout } })

ws.run()

-------------------------------------------------------------------- checks
local so, wt = bsout:read(), bwt:read()
for b = 0, SG - 1 do
  local acc = 0
  for t = 0, SB - 1 do
    local g = b * SB + t
    acc = acc + sin[g + 1]
    ws.check(so[g + 1] == acc, string.format("shfl_block_scan out[%d] = %s, expected %d", g, so[g + 1], acc))
  end
end
for w = 0, ns // 32 - 1 do
  local s = 0
  for l = 0, 31 do s = s + sin[w * 32 + l + 1] end
  ws.check(wt[w + 1] == s, string.format("shfl_block_scan warp_totals[%d] = %s, expected %d", w, wt[w + 1], s))
end

local rs, rm, rd, rb = bsum:read(), bmax:read(), bdsum:read(), bbc:read()
for w = 0, nr // 32 - 1 do
  local v, dv = warp_of(rin, w * 32), warp_of(rdin, w * 32)
  local s, mx, ds = 0, math.mininteger, 0.0
  for l = 0, 31 do s = s + v[l]; mx = math.max(mx, v[l]); ds = ds + dv[l] end
  ws.check(rs[w + 1] == s, string.format("shfl_reduce sum_out[%d] = %s, expected %d", w, rs[w + 1], s))
  local src = v[0] & 31
  for l = 0, 31 do
    local g = w * 32 + l + 1
    ws.check(rm[g] == mx, string.format("shfl_reduce max_out[%d] = %s, expected %d", g - 1, rm[g], mx))
    ws.check(rd[g] == ds, string.format("shfl_reduce dsum_out[%d] = %s, expected %s", g - 1, rd[g], ds))
    local e = v[src] * 3 + src
    ws.check(rb[g] == e, string.format("shfl_reduce bcast_out[%d] = %s, expected %d", g - 1, rb[g], e))
  end
end

local wo, wo64 = bwout:read(), bwout64:read()
for w = 0, nw // 32 - 1 do
  local v, v64 = warp_of(win, w * 32), warp_of(win64, w * 32)
  local sc = {}
  for l = 0, 31 do
    local s = 0
    for k = l - l % 8, l do s = s + v[k] end
    sc[l] = s
  end
  for l = 0, 31 do
    local e = {
      shfl_idx(v, l, l * 3 + 1, 8),
      shfl_idx(v, l, 5, 16),
      shfl_up(v, l, 3, 8),
      shfl_down(v, l, 5, 16),
      shfl_xor(v, l, 6, 16),
      shfl_xor(v, l, 16, 16),
      shfl_up(v, l, 1, 32),
      shfl_down(v, l, 31, 32),
      shfl_idx(v, l, v[l], 32),
      sc[l],
    }
    local g = w * 32 + l
    for k = 0, 9 do
      local got = wo[k * nw + g + 1]
      ws.check(got == e[k + 1], string.format("shfl_width row %d thread %d = %s, expected %d", k, g, got, e[k + 1]))
    end
    local e1, e2 = shfl_down(v64, l, 2, 8), shfl_idx(v64, l, 7 - (l & 7), 8)
    ws.check(wo64[g + 1] == e1, string.format("shfl_width out64[%d] = %s, expected %d", g, wo64[g + 1], e1))
    ws.check(wo64[nw + g + 1] == e2, string.format("shfl_width out64[n+%d] = %s, expected %d", g, wo64[nw + g + 1], e2))
  end
end

local po = bpout:read()
for b = 0, PG - 1 do
  for t = 0, PB - 1 do
    local base = t & ~31
    local lane = t & 31
    local v = {}
    for l = 0, 31 do v[l] = pin[b * PB + base + l + 1] end   -- nil past the block
    local g8 = lane & ~7
    local s = 0
    for k = g8, g8 + 7 do s = s + v[k] end
    local up = lane >= 1 and v[lane - 1] or v[lane]
    local rot = v[g8 + ((lane + 1) & 7)]
    local o = b * PB + t
    ws.check(po[3 * o + 1] == s, string.format("shfl_partial sum[%d] = %s, expected %d", o, po[3 * o + 1], s))
    ws.check(po[3 * o + 2] == up, string.format("shfl_partial up[%d] = %s, expected %d", o, po[3 * o + 2], up))
    ws.check(po[3 * o + 3] == rot, string.format("shfl_partial rot[%d] = %s, expected %d", o, po[3 * o + 3], rot))
  end
end

print(string.format("acc_shuffle: OK (scan %d, reduce %d, width %d x 12 forms, partial %d threads)", ns, nr, nw, np))
