-- acc_shmem: shared memory and barriers.
--  * static padded 2D tile, 2D grid/blocks, ragged edges (shm_transpose)
--  * dynamic shared memory (.extern .shared) sized at launch, two tile
--    widths (8 and 16) of the same kernel, fma.rn.f32 accumulation on
--    integer-valued data so every result is exact (shm_matmul_dyn)
--  * dynamic shared f64 tree reduction with bar.sync, then a warp tail using
--    ld/st.volatile.shared.f64 separated by __syncwarp (bar.warp.sync);
--    block sizes 128 and 64 (shm_reduce_dyn)
--  * one dynamic byte array viewed as s32/s16/f64 regions (st/ld.shared.u16
--    with sign extension, .f64 at an 8-aligned offset), ping-pong rotation
--    through shared memory for several rounds (shm_mixed_types)
-- Kernel: tests/kernels/acc_shmem.cu

local m = ws.load_ptx("../../tests/kernels/acc_shmem.ptx")

local seed = 2024
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end
local function s16(x)
  x = x & 0xffff
  if x >= 0x8000 then x = x - 0x10000 end
  return x
end

---------------------------------------------------------------- transpose
local W, H = 70, 45
local tin = {}
for i = 1, W * H do tin[i] = ws.f32((rnd() % 100000) / 64.0 - 700.0) end
local bin = ws.alloc("f32", W * H); bin:write(tin)
local bout = ws.alloc("f32", W * H); bout:write(function(i) return -1.0 end)
ws.launch(m, "shm_transpose", { grid = { (W + 31) // 32, (H + 31) // 32 }, block = { 32, 8 },
                                args = { bin, bout, W, H } })

---------------------------------------------------------------- matmul (dynamic)
local M, N, K = 19, 23, 37
local A, Bm = {}, {}
for i = 1, M * K do A[i] = (rnd() % 17) - 8 end
for i = 1, K * N do Bm[i] = (rnd() % 17) - 8 end
local bA = ws.alloc("f32", M * K); bA:write(A)
local bB = ws.alloc("f32", K * N); bB:write(Bm)
local bC8 = ws.alloc("f32", M * N)
local bC16 = ws.alloc("f32", M * N)
for _, cfg in ipairs({ { 8, bC8 }, { 16, bC16 } }) do
  local T = cfg[1]
  ws.launch(m, "shm_matmul_dyn", { grid = { (N + T - 1) // T, (M + T - 1) // T }, block = { T, T },
                                   shared = 2 * T * T * 4, args = { bA, bB, cfg[2], M, N, K } })
end

---------------------------------------------------------------- reduce (dynamic f64)
local nr = 1000
local rin = {}
for i = 1, nr do rin[i] = ((rnd() % 4001) - 2000) * 0.25 end
local brin = ws.alloc("f64", nr); brin:write(rin)
local red_cfg = { { 128, nil }, { 64, nil } }
for _, c in ipairs(red_cfg) do
  local bs = c[1]
  local grid = (nr + 2 * bs - 1) // (2 * bs)
  c[2] = ws.alloc("f64", grid)
  c[3] = grid
  ws.launch(m, "shm_reduce_dyn", { grid = grid, block = bs, shared = bs * 8, args = { brin, c[2], nr } })
end

---------------------------------------------------------------- mixed types
local nt, gm, rounds = 96, 2, 5
local mi = {}
for i = 1, nt * gm do mi[i] = (rnd() % 200001) - 100000 end
local bmi = ws.alloc("s32", nt * gm); bmi:write(mi)
local bmo_i = ws.alloc("s32", nt * gm)
local bmo_s = ws.alloc("s16", nt * gm)
local bmo_d = ws.alloc("f64", nt * gm)
local shbytes = ((6 * nt + 7) & ~7) + 8 * nt
ws.launch(m, "shm_mixed_types", { grid = gm, block = nt, shared = shbytes,
                                  args = { bmi, bmo_i, bmo_s, bmo_d, rounds } })

ws.run()

-------------------------------------------------------------------- checks
local to = bout:read()
for y = 0, W - 1 do             -- out is H wide, W tall
  for x = 0, H - 1 do
    local got, exp = to[y * H + x + 1], tin[x * W + y + 1]
    ws.check(got == exp, string.format("shm_transpose out[%d][%d] = %s, expected %s", y, x, got, exp))
  end
end

for _, cfg in ipairs({ { 8, bC8 }, { 16, bC16 } }) do
  local c = cfg[2]:read()
  for r = 0, M - 1 do
    for col = 0, N - 1 do
      local s = 0
      for k = 0, K - 1 do s = s + A[r * K + k + 1] * Bm[k * N + col + 1] end
      local got = c[r * N + col + 1]
      ws.check(got == s, string.format("shm_matmul_dyn T=%d C[%d][%d] = %s, expected %d", cfg[1], r, col, got, s))
    end
  end
end

for _, c in ipairs(red_cfg) do
  local bs, got = c[1], c[2]:read()
  for b = 0, c[3] - 1 do
    local s = 0.0
    for i = b * 2 * bs, math.min(nr, (b + 1) * 2 * bs) - 1 do s = s + rin[i + 1] end
    ws.check(got[b + 1] == s, string.format("shm_reduce_dyn block=%d out[%d] = %s, expected %s", bs, b, got[b + 1], s))
  end
end

local oi, os_, od = bmo_i:read(), bmo_s:read(), bmo_d:read()
for b = 0, gm - 1 do
  local si, ss, sd = {}, {}, {}
  for t = 0, nt - 1 do
    local v = mi[b * nt + t + 1]
    si[t] = v; ss[t] = s16(v * 7); sd[t] = v * 0.5
  end
  for r = 0, rounds - 1 do
    local a, bb, c = {}, {}, {}
    for t = 0, nt - 1 do
      a[t] = si[(t + 1) % nt]; bb[t] = ss[(t + nt - 1) % nt]; c[t] = sd[(t + 3) % nt]
    end
    for t = 0, nt - 1 do
      si[t] = a[t] + r; ss[t] = s16(bb[t] - 1); sd[t] = c[t] + 0.25
    end
  end
  for t = 0, nt - 1 do
    local g = b * nt + t + 1
    ws.check(oi[g] == si[t], string.format("shm_mixed_types out_i[%d] = %s, expected %d", g - 1, oi[g], si[t]))
    ws.check(os_[g] == ss[t], string.format("shm_mixed_types out_s[%d] = %s, expected %d", g - 1, os_[g], ss[t]))
    ws.check(od[g] == sd[t], string.format("shm_mixed_types out_d[%d] = %s, expected %s", g - 1, od[g], sd[t]))
  end
end

print(string.format("acc_shmem: OK (transpose %dx%d, matmul %dx%dx%d T=8,16, reduce n=%d, mixed %d threads)",
  W, H, M, N, K, nr, nt * gm))
