-- acc_specials: special registers in a 2D grid of 2D blocks (16 x 6 threads,
-- three warps per block).
--  * %laneid == linear thread id mod 32 (inline PTX mov.u32 %r, %laneid)
--  * %warpid: equal within a warp, distinct between the warps of a CTA,
--    below %nwarpid (PTX ISA: unique within a CTA, may change over time, so
--    only these relations are checked)
--  * %smid: equal for all threads of a CTA (sanity bound 1024)
--  * %clock (u32) and %clock64 (mov.u64 from clock64()): both must advance
--    across a data-dependent loop (cycle-level simulator: strictly)
--  * %nctaid.x/.y and %ntid.x/.y through gridDim/blockDim
-- Kernel: tests/kernels/acc_specials.cu

local m = ws.load_ptx("../../tests/kernels/acc_specials.ptx")

local GX, GY, BX, BY = 2, 2, 16, 6
local per = BX * BY
local n = GX * GY * per
local work = ws.alloc("s32", n); work:write(function(i) return i % 40 end)
local out = ws.alloc("u32", 8 * n)
local clk = ws.alloc("s64", 2 * n)
ws.launch(m, "specials", { grid = { GX, GY }, block = { BX, BY }, args = { work, out, clk } })
ws.run()

local o, c = out:read(), clk:read()
local nw = o[3]
ws.check(nw > 0, "specials: %nwarpid is 0")
for b = 0, GX * GY - 1 do
  local warp_ids, sm = {}, o[8 * (b * per) + 4]
  ws.check(sm < 1024, string.format("specials: block %d %%smid = %d, implausible", b, sm))
  for lin = 0, per - 1 do
    local g = b * per + lin
    ws.check(o[8 * g + 1] == lin % 32, string.format("specials thread %d: %%laneid = %d, expected %d", g, o[8 * g + 1], lin % 32))
    local wid = o[8 * g + 2]
    ws.check(wid < nw, string.format("specials thread %d: %%warpid = %d not below %%nwarpid = %d", g, wid, nw))
    ws.check(o[8 * g + 3] == nw, string.format("specials thread %d: %%nwarpid = %d, others see %d", g, o[8 * g + 3], nw))
    ws.check(o[8 * g + 4] == sm, string.format("specials thread %d: %%smid = %d, rest of its block sees %d", g, o[8 * g + 4], sm))
    ws.check(o[8 * g + 5] == lin, string.format("specials thread %d: linear tid = %d, expected %d", g, o[8 * g + 5], lin))
    local wslot = lin // 32
    if warp_ids[wslot] == nil then
      for s2, v in pairs(warp_ids) do
        ws.check(v ~= wid, string.format("specials block %d: warps %d and %d share %%warpid %d", b, s2, wslot, wid))
      end
      warp_ids[wslot] = wid
    end
    ws.check(warp_ids[wslot] == wid, string.format("specials thread %d: %%warpid %d differs from its warp's %d", g, wid, warp_ids[wslot]))
    local acc = 0
    for k = 0, (g % 40) - 1 do acc = (acc * 3 + k) & 0xffffffff end
    ws.check(o[8 * g + 6] == acc, string.format("specials thread %d: loop result %d, expected %d", g, o[8 * g + 6], acc))
    local dk = o[8 * g + 7]
    ws.check(dk > 0 and dk < 0x80000000, string.format("specials thread %d: %%clock advanced by %d (mod 2^32), expected > 0", g, dk))
    local e8 = (GX << 16) | (GY << 8) | per
    ws.check(o[8 * g + 8] == e8, string.format("specials thread %d: dims word 0x%x, expected 0x%x", g, o[8 * g + 8], e8))
    local c0, c1 = c[2 * g + 1], c[2 * g + 2]
    ws.check(c0 >= 0 and c1 > c0, string.format("specials thread %d: %%clock64 %d then %d, expected strictly increasing", g, c0, c1))
  end
end

print(string.format("acc_specials: OK (%d threads, %%nwarpid = %d)", n, nw))
