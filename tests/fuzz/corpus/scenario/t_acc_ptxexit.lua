-- acc_ptxexit: an explicit `exit` executed by the odd lanes inside a
-- divergent branch (inline PTX). The even lanes reach the reconvergence
-- point without them and run shfl.sync.bfly with member mask 0x55555555;
-- the odd lanes' second output word must stay untouched.
-- Kernel: tests/kernels/acc_ptxops.cu (ptx_exit)

local m = ws.load_ptx("../../tests/kernels/acc_ptxops.ptx")

local seed = 1357
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end

local B, G = 64, 3
local n = B * G
local IN = {}
for i = 1, n do IN[i] = (rnd() % 200001) - 100000 end
local bin = ws.alloc("s32", n); bin:write(IN)
local bout = ws.alloc("s32", 2 * n); bout:write(function() return 0x5eed end)
ws.launch(m, "ptx_exit", { grid = G, block = B, args = { bin, bout } })
ws.run()

local o = bout:read()
for i = 0, n - 1 do
  local lane = i % 32
  ws.check(o[2 * i + 1] == IN[i + 1] + 1, string.format("ptx_exit out[%d] = %d, expected %d", 2 * i, o[2 * i + 1], IN[i + 1] + 1))
  local e = 0x5eed
  if lane % 2 == 0 then e = 2 * IN[(i - lane) + (lane ~ 2) + 1] end
  ws.check(o[2 * i + 2] == e, string.format("ptx_exit out[%d] (lane %d) = %d, expected %d", 2 * i + 1, lane, o[2 * i + 2], e))
end

print(string.format("acc_ptxexit: OK (%d threads, odd lanes exited early)", n))
