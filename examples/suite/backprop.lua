-- backprop: Rodinia's "backprop" (one training step of a neural network with
-- n inputs, 16 hidden units and 1 output; the input layer runs on the GPU).
-- Two kernels (backprop.cu), both on a grid of (1, n/16) blocks of 16 x 16:
-- backprop_forward (weights times inputs, summed per block in a
-- shared-memory tree into n/16 x 16 partial sums) and backprop_adjust (the
-- weight update with momentum, in place). Between them the host adds the
-- partial sums and runs the hidden and output layers and the error terms,
-- as the benchmark does on the CPU.
--
-- Sizes (workload.size):
--   test   n = 2,048 inputs: 2 launches of 128 CTAs x 256
--   paper  n = 65,536 inputs (the benchmark's command line "65536"):
--          2 launches of 4,096 CTAs x 256 (1.1 M weights, 4.5 MB, twice)
--
-- What it stresses: streaming (every weight read once by kernel 1, read,
-- written and its momentum term read and written by kernel 2), the
-- 17-float weight pitch that splits each warp's rows across lines
-- (uncoalesced), a broadcast shared-memory operand and a reduction tree
-- whose active threads halve at every level (divergence, four barriers).
-- Inputs and weights are random in [0, 1) and the previous weight changes
-- random in [-0.05, 0.05) (the benchmark starts them at zero; non-zero
-- values exercise the momentum term).
--
-- Reference: kernel 1's products and summation tree replayed in float32 in
-- Lua and compared exactly (every partial sum); the host part in Lua as the
-- benchmark's CPU code; kernel 2's update replayed exactly
-- (dw = fma(0.3*delta, input, 0.3*old), w + dw) and compared for every
-- weight and every weight change.
local v = require "verify"

local size = ws.config()["workload.size"]
local n = size == "paper" and 65536 or 2048
local hid, HEIGHT = 16, 16
local F, fma = ws.f32, v.fma32
local ETA, MOM = F(0.3), F(0.3)
local nb = n // HEIGHT

local rng = v.lcg(31)
local function unit() return (rng() >> 7) / (1 << 24) end     -- [0, 1), exact in float
local input = ws.alloc("f32", n + 1)
local w = ws.alloc("f32", (n + 1) * (hid + 1))
local oldw = ws.alloc("f32", (n + 1) * (hid + 1))
local partial = ws.alloc("f32", nb * hid)
input:write(function(i) return i == 0 and 1.0 or unit() end)   -- unit 0 is the bias
w:write(function() return unit() end)
oldw:write(function() return (unit() - 0.5) / 10 end)
local x, w0, old0 = input:read(), w:read(), oldw:read()

local m = ws.load_ptx("backprop.ptx")
ws.launch(m, "backprop_forward", { grid = { 1, nb }, block = { 16, 16 },
                                   args = { input, w, partial, hid } })
ws.run()

-- Kernel 1: each block's products and its summation tree, in float32.
local ps = partial:read()
local want = {}
for by = 0, nb - 1 do
  for j = 1, hid do
    local col = {}
    for ty = 0, HEIGHT - 1 do
      local row = HEIGHT * by + ty + 1
      col[ty] = F(w0[row * (hid + 1) + j + 1] * x[row + 1])
    end
    local s = 1
    while s < HEIGHT do
      for ty = 0, HEIGHT - 1, 2 * s do col[ty] = F(col[ty] + col[ty + s]) end
      s = 2 * s
    end
    want[by * hid + j] = col[0]
  end
end
v.equal(ps, want, "partial sums of the hidden layer")

-- The host's part: hidden layer, output layer, errors (float, as the
-- benchmark's C code).
local function squash(s) return F(1.0 / (1.0 + math.exp(-s))) end
local hidden = { [0] = 1.0 }
for j = 1, hid do
  local s = 0.0
  for b = 0, nb - 1 do s = F(s + ps[b * hid + j]) end
  s = F(s + w0[j + 1])                   -- bias weight, input unit 0 = 1
  hidden[j] = squash(s)
end
local rho = v.lcg(32)
local hw, out = {}, 0.0
for j = 0, hid do hw[j] = (rho() % 2048) / 2048.0 - 0.5 end
for j = 0, hid do out = F(out + F(hw[j] * hidden[j])) end
out = squash(out)
local target = 0.1
local out_delta = F(out * (1.0 - out) * (target - out))
local delta = ws.alloc("f32", hid + 1)
local hd = { 0.0 }
for j = 1, hid do hd[j + 1] = F(hidden[j] * (1.0 - hidden[j]) * hw[j] * out_delta) end
delta:write(hd)

ws.launch(m, "backprop_adjust", { grid = { 1, nb }, block = { 16, 16 },
                                  args = { delta, hid, input, w, oldw } })
ws.run()

-- Kernel 2: dw = fma(ETA*delta, input, MOM*old); w + dw. The bias row
-- (row 0): db = fma(delta, ETA, MOM*old).
local ed = {}
for j = 1, hid do ed[j] = F(ETA * hd[j + 1]) end
local function expect(k)                 -- 0-based weight index -> new w, new old
  local row, j = k // (hid + 1), k % (hid + 1)
  if j == 0 then return w0[k + 1], old0[k + 1] end
  local dw
  if row == 0 then
    dw = fma(hd[j + 1], ETA, F(MOM * old0[k + 1]))
  else
    dw = fma(ed[j], x[row + 1], F(MOM * old0[k + 1]))
  end
  return F(w0[k + 1] + dw), dw
end
local gw, go = w:read(), oldw:read()
local ww, wo = {}, {}
for k = 0, (n + 1) * (hid + 1) - 1 do ww[k + 1], wo[k + 1] = expect(k) end
v.equal(gw, ww, "adjusted weights")
v.equal(go, wo, "weight changes")
print(string.format("backprop: %d inputs, %d hidden: output %.6f, %d partial sums and %d weights OK",
                    n, hid, out, #want, #ww))
