-- acc_bitperm: byte permutes and funnel shifts.
--  * prmt.b32 (default mode) from __byte_perm with constant and
--    data-dependent selectors, and from inline PTX with selector nibbles whose
--    bit 3 replicates the sign bit of the selected byte
--  * shf.l.wrap / shf.l.clamp / shf.r.wrap / shf.r.clamp (__funnelshift_*),
--    shift amounts taken mod 32 (wrap) or clamped to 32 (clamp)
--  * rotates by a variable amount (shl/shr pairs), by a constant (nvcc emits
--    shf.l.wrap x, x, 15), 64-bit rotate (shl/shr.b64), murmur3 finalizer
--    (mul.lo wrap with negative immediates), division by 31/63 strength-
--    reduced to mul.wide.u32 + shifts
-- Reference: PTX ISA prmt (default mode) and shf.
-- Kernel: tests/kernels/acc_bitperm.cu

local m = ws.load_ptx("../../tests/kernels/acc_bitperm.ptx")

local seed = 1618033
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end
local function u32(x) return x & 0xffffffff end

local n = 160
local A, B, S = {}, {}, {}
local fixed = {
  { 0x00000000, 0xffffffff, 0 }, { 0x80ff7f01, 0x12345678, 0x89ab }, { 0xdeadbeef, 0xcafebabe, 0xffffffff },
  { 0x01020304, 0x05060708, 0x76543210 }, { 0x7f80ff00, 0x80017ffe, 0xfedcba98 }, { 1, 0x80000000, 32 },
  { 0x80000000, 1, 33 }, { 0x12345678, 0x9abcdef0, 63 }, { 0xffffffff, 0, 31 }, { 0x0f0f0f0f, 0xf0f0f0f0, 64 },
}
for i, f in ipairs(fixed) do A[i], B[i], S[i] = f[1], f[2], f[3] end
for i = #A + 1, n do
  A[i] = u32((rnd() << 1) ~ rnd())
  B[i] = u32((rnd() << 1) ~ rnd())
  S[i] = u32((rnd() << 1) ~ rnd())
  if i % 4 == 0 then S[i] = i % 70 end          -- small shift amounts around 32 and 64
end
local ba = ws.alloc("u32", n); ba:write(A)
local bb = ws.alloc("u32", n); bb:write(B)
local bs = ws.alloc("u32", n); bs:write(S)
local bo = ws.alloc("u32", 14 * n)
ws.launch(m, "bitperm", { grid = (n + 63) // 64, block = 64, args = { ba, bb, bs, bo, n } })
ws.run()

local function prmt(a, b, c, signmode)
  local v = (b << 32) | a
  local r = 0
  for k = 0, 3 do
    local nib = (c >> (4 * k)) & 15
    local byte = (v >> (8 * (nib & 7))) & 0xff
    if signmode and nib & 8 ~= 0 then byte = (byte & 0x80 ~= 0) and 0xff or 0 end
    r = r | (byte << (8 * k))
  end
  return r
end
local function rotl(x, s) return u32((x << s) | (x >> (32 - s))) end
local function fsl(lo, hi, s) return ((((hi << 32) | lo) << s) >> 32) & 0xffffffff end
local function fsr(lo, hi, s) return (((hi << 32) | lo) >> s) & 0xffffffff end

local names = { "__byte_perm 0x0123", "__byte_perm 0x7531", "__byte_perm var", "prmt (sign bits)", "rotl var",
  "rotr var", "__funnelshift_l", "__funnelshift_lc", "__funnelshift_r", "__funnelshift_rc",
  "rotl64 lo", "rotl64 hi", "murmur", "byte_perm mix" }
local o = bo:read()
for i = 1, n do
  local x, y, sv = A[i], B[i], S[i]
  local rs = 1 + sv % 31
  local w = (y << 32) | x
  local s64 = 1 + sv % 63
  local rw = (w << s64) | (w >> (64 - s64))
  local h = x ~ u32(y * 0xcc9e2d51)
  h = u32(rotl(h, 15) * 0x1b873593)
  h = h ~ (h >> 16); h = u32(h * 0x85ebca6b); h = h ~ (h >> 13); h = u32(h * 0xc2b2ae35); h = h ~ (h >> 16)
  local e = {
    prmt(x, y, 0x0123), prmt(x, y, 0x7531), prmt(x, y, sv & 0x7777), prmt(x, y, sv & 0xffff, true),
    rotl(x, rs), u32((x >> rs) | (x << (32 - rs))),
    fsl(x, y, sv & 31), fsl(x, y, math.min(sv & 63, 32)), fsr(x, y, sv & 31), fsr(x, y, math.min(sv & 63, 32)),
    rw & 0xffffffff, (rw >> 32) & 0xffffffff, h, (x & 0xff) | (y & 0xff00),
  }
  for k = 1, 14 do
    local got = o[(k - 1) * n + i]
    ws.check(got == e[k], string.format("bitperm %s (x=0x%08x, y=0x%08x, s=0x%x) [elem %d] = 0x%08x, expected 0x%08x",
      names[k], x, y, sv, i - 1, got, e[k]))
  end
end

print(string.format("acc_bitperm: OK (%d inputs x 14 results)", n))
