-- acc_diverge: SIMT divergence and reconvergence.
--  * div_switch: switch on lane % 10 compiled to a tree of 16-bit compares
--    (setp.*.s16/.u16) with fall-through cases, a data-dependent loop inside a
--    case, nested if; then a shfl.bfly all-reduce that is only correct if the
--    warp reconverged after the switch
--  * div_loops: Collatz iteration (u32 wrap-around in 3x+1) with a cap,
--    `continue`, and a data-dependent `break`; every lane has its own trip
--    count; a full-warp ballot after the loop
--  * div_nested: nested loops with inner break/continue and outer continue
--  * div_early_exit: threads return early after the last bar.sync, the
--    others run a loop with break and continue over shared memory
-- Kernel: tests/kernels/acc_diverge.cu

local m = ws.load_ptx("../kernels/acc_diverge.ptx")

local seed = 424242
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end
local function s32(x)
  x = x & 0xffffffff
  if x >= 0x80000000 then x = x - 0x100000000 end
  return x
end
local function tdiv(x, y)
  local q = x // y
  if q * y ~= x and ((x < 0) ~= (y < 0)) then q = q + 1 end
  return q
end

---------------------------------------------------------------- div_switch
local n1 = 128
local SW = {}
for i = 1, n1 do SW[i] = (rnd() % 20001) - 10000 end
local bsw = ws.alloc("s32", n1); bsw:write(SW)
local bswo = ws.alloc("s32", 2 * n1)
ws.launch(m, "div_switch", { grid = 2, block = 64, args = { bsw, bswo } })

---------------------------------------------------------------- div_loops
local n2 = 128
local CL = { 1, 0, 27, 0xffffffff, 0xfffffffe, 0x80000000, 97, 871, 6171, 77031, 2, 3, 0xaaaaaaab, 0x55555555 }
for i = #CL + 1, n2 do CL[i] = (rnd() % 100000) + 1 end
local bcl = ws.alloc("u32", n2); bcl:write(CL)
local bst = ws.alloc("s32", n2)
local bpk = ws.alloc("u32", n2)
local bbal = ws.alloc("s32", n2 // 32)
ws.launch(m, "div_loops", { grid = 2, block = 64, args = { bcl, bst, bpk, bbal } })

---------------------------------------------------------------- div_nested
local ROWS, COLS, n3 = 9, 13, 96
local MAT, THR = {}, {}
for i = 1, ROWS * COLS do MAT[i] = (rnd() % 251) - 50 end
for i = 1, n3 do THR[i] = rnd() % 221 end
local bmat = ws.alloc("s32", ROWS * COLS); bmat:write(MAT)
local bthr = ws.alloc("s32", n3); bthr:write(THR)
local bno = ws.alloc("s32", 2 * n3)
ws.launch(m, "div_nested", { grid = 3, block = 32, args = { bmat, ROWS, COLS, bthr, bno } })

---------------------------------------------------------------- div_early_exit
local B4, G4, KEEP = 128, 2, 100
local n4 = B4 * G4
local EE = {}
for i = 1, n4 do EE[i] = (rnd() % 1051) - 50 end
local bee = ws.alloc("s32", n4); bee:write(EE)
local beo = ws.alloc("s32", n4)
ws.launch(m, "div_early_exit", { grid = G4, block = B4, args = { bee, beo, KEEP } })

ws.run()

-------------------------------------------------------------------- checks
local so = bswo:read()
for w = 0, n1 // 32 - 1 do
  local r = {}
  local sum = 0
  for l = 0, 31 do
    local g = w * 32 + l
    local v = SW[g + 1]
    local c = l % 10
    local x = 0
    if c == 0 then x = v + 1
    elseif c == 1 then x = v * 2 + 100
    elseif c == 2 then x = 100
    elseif c == 3 then if v > 0 then x = v % 7 else x = tdiv(-v, 3) end
    elseif c == 4 or c == 5 then for k = 0, (v & 7) - 1 do x = x + k * l end
    elseif c == 6 then x = v ~ 0x1234; if x & 1 == 1 then x = ~x end; x = x - 5
    elseif c == 7 then x = -5
    else x = (v // 4) - l end
    r[l] = s32(x)
    sum = sum + r[l]
  end
  for l = 0, 31 do
    local g = w * 32 + l
    ws.check(so[2 * g + 1] == r[l], string.format("div_switch r[%d] (lane %d, v=%d) = %d, expected %d", g, l, SW[g + 1], so[2 * g + 1], r[l]))
    ws.check(so[2 * g + 2] == s32(sum), string.format("div_switch warp sum at thread %d = %d, expected %d", g, so[2 * g + 2], s32(sum)))
  end
end

local st, pk, bal = bst:read(), bpk:read(), bbal:read()
local ballot = {}
for i = 1, n2 do
  local x = CL[i]
  local hi, s, skipped = x, 0, 0
  while x ~= 1 do
    if s >= 300 then break end
    s = s + 1
    if x & 1 == 1 then
      x = (3 * x + 1) & 0xffffffff
      if x > hi then hi = x end
    else
      x = x >> 1
      if x & 0xff == 0x80 then
        skipped = skipped + 1
        if skipped > 2 then break end
      end
    end
  end
  local e = s * 4 + math.min(skipped, 3)
  ws.check(st[i] == e, string.format("div_loops steps[%d] (x0=%d) = %d, expected %d", i - 1, CL[i], st[i], e))
  ws.check(pk[i] == hi, string.format("div_loops peak[%d] (x0=%d) = %d, expected %d", i - 1, CL[i], pk[i], hi))
  local w = (i - 1) // 32
  if s > 20 then ballot[w] = (ballot[w] or 0) | (1 << ((i - 1) % 32)) end
end
for w = 0, n2 // 32 - 1 do
  local e = s32(ballot[w] or 0)
  ws.check(bal[w + 1] == e, string.format("div_loops ballot[%d] = 0x%x, expected 0x%x", w, bal[w + 1] & 0xffffffff, e & 0xffffffff))
end

local no = bno:read()
for g = 0, n3 - 1 do
  local th = THR[g + 1]
  local acc, early = 0, 0
  for r = 0, ROWS - 1 do
    local base = ((g + r) % ROWS) * COLS
    local found = -1
    for c = 0, COLS - 1 do
      local v = MAT[base + c + 1]
      if v >= 0 then
        if v > th then found = c; break end
        acc = acc + (v & 3)
      end
    end
    if found >= 0 then early = early + 1; acc = acc + found * 10 end
  end
  ws.check(no[2 * g + 1] == acc, string.format("div_nested acc[%d] = %d, expected %d", g, no[2 * g + 1], acc))
  ws.check(no[2 * g + 2] == early, string.format("div_nested early[%d] = %d, expected %d", g, no[2 * g + 2], early))
end

local eo = beo:read()
for b = 0, G4 - 1 do
  for t = 0, B4 - 1 do
    local g = b * B4 + t
    local function sh(k) return EE[b * B4 + (k % B4) + 1] end
    local nb = sh(t + 1)
    local e
    if t >= KEEP or nb < 0 then e = -1
    else
      e = 0
      for k = 0, nb & 15 do
        if k == 9 then break end
        if k & 3 ~= 1 then e = e + (sh(t + k) & 0xff) end
      end
    end
    ws.check(eo[g + 1] == e, string.format("div_early_exit out[%d] = %d, expected %d", g, eo[g + 1], e))
  end
end

print(string.format("acc_diverge: OK (switch %d, loops %d, nested %d, early-exit %d threads)", n1, n2, n3, n4))
