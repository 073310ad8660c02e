-- acc_shflpred: shfl.sync.{up,down,bfly,idx}.b32 with the predicate
-- destination d|p and run-time b (lane/offset) and c (clamp + segment mask)
-- operands, as written in inline PTX. One warp per configuration:
-- widths 32, 8, 16, 4, 32 and 1, offsets including b >= 32 (only b[4:0]
-- counts). For .down/.bfly/.idx the clamp field is 0x1f (segment end); for
-- .up it is 0 (segment start), as __shfl_*_sync encode them.
-- Reference: the PTX ISA shfl.sync pseudo-code (maxLane/minLane, pval; an
-- out-of-range source returns the lane's own value with p = false).
-- Kernel: tests/kernels/acc_ptxops2.cu (shfl_pred)

local m = ws.load_ptx("../../tests/kernels/acc_ptxops2.ptx")

local cfg = { { 3, 0x0000 }, { 5, 0x1800 }, { 16, 0x1000 }, { 33, 0x1c00 }, { 7, 0x0000 }, { 31, 0x1f00 } }
local G = #cfg
local bB = ws.alloc("u32", G); bB:write(function(k) return cfg[k + 1][1] end)
local bC = ws.alloc("u32", G); bC:write(function(k) return cfg[k + 1][2] end)
local bo = ws.alloc("u32", 8 * 32 * G)
ws.launch(m, "shfl_pred", { grid = G, block = 32, args = { bB, bC, bo } })
ws.run()

local function shfl(mode, lane, b, c)
  local bval, cval, mask = b & 31, c & 31, (c >> 8) & 31
  local maxl = (lane & mask) | (cval & ~mask & 31)
  local minl = lane & mask
  local j, p
  if mode == "up" then j = lane - bval; p = j >= maxl
  elseif mode == "down" then j = lane + bval; p = j <= maxl
  elseif mode == "bfly" then j = lane ~ bval; p = j <= maxl
  else j = minl | (bval & ~mask & 31); p = j <= maxl end
  if not p then j = lane end
  return j, p and 1 or 0
end

local o = bo:read()
local modes = { "up", "down", "bfly", "idx" }
for blk = 0, G - 1 do
  local b, c = cfg[blk + 1][1], cfg[blk + 1][2]
  for lane = 0, 31 do
    local i = blk * 32 + lane
    for k = 1, 4 do
      local cc = (k == 1) and c or (c | 0x1f)
      local j, p = shfl(modes[k], lane, b, cc)
      local ev = (blk * 32 + j) * 3 + 1000
      local gd, gp = o[8 * i + 2 * k - 1], o[8 * i + 2 * k]
      ws.check(gd == ev, string.format("shfl.sync.%s b=%d c=0x%x lane %d: d = %d, expected %d (source lane %d)",
        modes[k], b, cc, lane, gd, ev, j))
      ws.check(gp == p, string.format("shfl.sync.%s b=%d c=0x%x lane %d: p = %d, expected %d", modes[k], b, cc, lane, gp, p))
    end
  end
end

print(string.format("acc_shflpred: OK (%d configurations x 32 lanes x 4 modes, value and predicate)", G))
