-- acc_fpclass: classification and comparisons with NaN (both signs),
-- signed zeros, infinities and subnormals, in f32 and f64:
-- setp.{lt,le,gt,ge,eq}.f32/.f64 (ordered: false on NaN), setp.{ltu,leu,
-- gtu,geu,neu} (unordered: true on NaN), setp.nan / setp.num, abs.f32/.f64
-- + setp.gtu/eq/lt against infinity (isnan/isinf/isfinite), sign bit
-- extraction (signbit), -0 == +0, 1/-0 = -inf (rcp.rn), f32 <-> f64
-- comparisons, selp into .u16/.u32, bfi.b32 packing of the flags.
-- References are evaluated on the values read back from the input buffers,
-- so the NaN sign bits are whatever the host stored.
-- Kernel: tests/kernels/acc_fpclass.cu

local m = ws.load_ptx("../../tests/kernels/acc_fpclass.ptx")

local seed = 3141
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end
local INF, NAN = math.huge, 0.0 / 0.0
local PNAN = -NAN                                   -- the other sign of NaN
local function isnan(x) return x ~= x end
local function signbit(x) return (string.unpack("<i8", string.pack("<d", x))) < 0 end
local function b(x) return x and 1 or 0 end

local SUB = (string.unpack("<f", string.pack("<I4", 0x00000005)))
local pairsF = {
  { NAN, 1.0 }, { PNAN, 1.0 }, { 1.0, NAN }, { NAN, NAN }, { 0.0, -0.0 }, { -0.0, 0.0 }, { -0.0, -0.0 },
  { INF, INF }, { -INF, INF }, { INF, 1e38 }, { 1.0, 1.0 }, { 1.0, 2.0 }, { 2.0, 1.0 }, { -1.0, -2.0 },
  { SUB, 0.0 }, { -SUB, SUB }, { 0.5, NAN }, { -INF, NAN }, { 3e38, INF }, { 0.999999, 1.0 },
}
local pairsD = {
  { NAN, 1.0 }, { 1.0, PNAN }, { PNAN, NAN }, { -0.0, 0.0 }, { 0.0, 0.0 }, { INF, -INF }, { -INF, -INF },
  { 1e308, INF }, { 1.0, 1.0 }, { 1.0, 1.0000000000000002 }, { 5e-324, 0.0 }, { -5e-324, -0.0 },
  { 1e300, 1e301 }, { -1e300, 1e300 }, { NAN, -INF }, { 1.0, 0.5 }, { 0.25, 0.25 }, { 2.0, NAN },
  { -0.0, -1e-310 }, { 3.0, 3.0 },
}
local n = 64
local X, Y, U, V = {}, {}, {}, {}
for i = 1, n do
  local pf, pd = pairsF[i], pairsD[i]
  if pf then X[i], Y[i] = pf[1], pf[2]
  else
    X[i] = (rnd() % 21 - 10) / 4.0; Y[i] = (rnd() % 21 - 10) / 4.0     -- frequent ties
  end
  if pd then U[i], V[i] = pd[1], pd[2]
  else
    U[i] = (rnd() % 21 - 10) / 8.0; V[i] = (rnd() % 21 - 10) / 8.0
    if i % 5 == 0 then U[i] = X[i] + 0.0 end                           -- f32 == f64 cases
  end
end
local bx = ws.alloc("f32", n); bx:write(X)
local by = ws.alloc("f32", n); by:write(Y)
local bu = ws.alloc("f64", n); bu:write(U)
local bv = ws.alloc("f64", n); bv:write(V)
local bo = ws.alloc("s32", 16 * n)
ws.launch(m, "fp_classify", { grid = 2, block = 32, args = { bx, by, bu, bv, bo, n } })
ws.run()

X, Y, U, V = bx:read(), by:read(), bu:read(), bv:read()    -- what the device saw
local o = bo:read()
local function class(a)
  local fin = a == a and a ~= INF and a ~= -INF
  return b(isnan(a)) | (b(a == INF or a == -INF) << 1) | (b(fin) << 2) | (b(signbit(a)) << 3)
end
local function cmp6(a, c)
  return b(a < c) | (b(a <= c) << 1) | (b(a > c) << 2) | (b(a >= c) << 3) | (b(a == c) << 4) | (b(a ~= c) << 5)
end
local function notcmp6(a, c)
  return b(not (a < c)) | (b(not (a <= c)) << 1) | (b(not (a > c)) << 2) | (b(not (a >= c)) << 3) |
    (b(not (a == c)) << 4) | (b(not (a ~= c)) << 5)
end
local function order(a, c)
  if a < c then return 1 elseif a > c then return 2 elseif a == c then return 3 end
  return 4
end
local names = { "class(f32)", "class(f64)", "cmp(f32)", "!cmp(f32)", "cmp(f64)", "!cmp(f64)", "ordered(f32)",
  "unordered(f64)", "order(f32)", "order(f64)", "a<1||isnan", "isinf(|a|)+2*(|c|<1e300)", "abs sign+2*isnan",
  "a==0 + 2*(1/a>0)", "c==0 + 2*(1/c>0)", "(double)a==c + 2*(a==(float)c)" }
for i = 1, n do
  local a, c2, u, v = X[i], Y[i], U[i], V[i]
  local e = {
    class(a), class(u), cmp6(a, c2), notcmp6(a, c2), cmp6(u, v), notcmp6(u, v),
    b(a == a and c2 == c2), b(u ~= u or v ~= v), order(a, c2), order(u, v),
    b(a < 1.0 or isnan(a)), b(math.abs(a) == INF) + 2 * b(math.abs(u) < 1e300),
    2 * b(isnan(a)), b(a == 0) + 2 * b(1 / a > 0), b(u == 0) + 2 * b(1 / u > 0),
    b(a == u) + 2 * b(a == ws.f32(u)),
  }
  for k = 1, 16 do
    local got = o[(k - 1) * n + i]
    ws.check(got == e[k], string.format("fp_classify %s (a=%s b=%s c=%s d=%s) [elem %d] = %d, expected %d",
      names[k], a, c2, u, v, i - 1, got, e[k]))
  end
end

print(string.format("acc_fpclass: OK (%d x 16 flag words)", n))
