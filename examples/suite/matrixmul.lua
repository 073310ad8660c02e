-- matrixmul (CUDA SDK matrixMul): C = A * B, row-major single precision,
-- shared-memory tiles of 16 x 16, one output per thread, CTAs of 16 x 16.
--
-- Stresses: shared memory (two tiles per CTA, broadcast reads of As and
-- conflict-free rows of Bs, two barriers per tile step), coalesced tile loads
-- whose reuse across CTAs comes from L1/L2; a compute-bound inner loop of
-- two shared loads per fma.
--
-- Sizes (workload.size):
--   test   A 64 x 96, B 96 x 80: grid 5 x 4 = 20 CTAs x 256
--   paper  the sample's default matrices, A 320 x 320 and B 320 x 640
--          (the SDK sizes them as multiples of its block size, 5*2*32 and
--          5*4*32): grid 40 x 20 = 800 CTAs x 256
--
-- Reference: each output is the chain of fma.rn.f32 over k in order,
-- replayed with verify.fma32 and compared exactly; test size checks every
-- element, paper size 2048 elements spread over all CTAs.
local v = require "verify"

local size = ws.config()["workload.size"]
local hA, wA, wB = 64, 96, 80
if size == "paper" then hA, wA, wB = 320, 320, 640 end

local rng = v.lcg(31)
local function rf() return ((rng() >> 7) - (1 << 23)) / (1 << 23) end
local A, B, C = ws.alloc("f32", hA * wA), ws.alloc("f32", wA * wB), ws.alloc("f32", hA * wB)
A:write(function() return rf() end)
B:write(function() return rf() end)
local a, b = A:read(), B:read()

local mod = ws.load_ptx("matrixmul.ptx")
ws.launch(mod, "matrixmul", { grid = { wB // 16, hA // 16 }, block = { 16, 16 },
                              args = { C, A, B, wA, wB } })
ws.run()

local function want_at(i, j)
  local acc = 0.0
  for k = 0, wA - 1 do acc = v.fma32(a[i * wA + k + 1], b[k * wB + j + 1], acc) end
  return acc
end

local c, got, want = C:read(), {}, {}
if size == "paper" then
  for s = 0, 2047 do
    local i, j = (s * 389 + 7) % hA, (s * 577 + 3) % wB
    got[#got + 1] = c[i * wB + j + 1]
    want[#want + 1] = want_at(i, j)
  end
else
  for i = 0, hA - 1 do
    for j = 0, wB - 1 do want[i * wB + j + 1] = want_at(i, j) end
  end
  got = c
end
v.equal(got, want, "C")
print(string.format("matrixmul (%s): %d x %d times %d x %d, %d elements of C checked OK",
                    size, hA, wA, wA, wB, #want))
