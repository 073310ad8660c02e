-- acc_frames: local frames of non-inlined functions.
--  * frames: .func scramble and .func twice each own a .local depot
--    (__local_depot0/1, %SPL) indexed dynamically; the kernel's depot holds
--    two arrays whose generic addresses (cvta.local %SP) are passed down;
--    callees write through them after cvta.to.local; scramble is called from
--    three sites (straight, in a data-dependent loop, nested inside twice
--    from both arms of a divergent branch), so every call needs its own
--    frame and the caller's arrays must see the callee's writes
-- (params_mixed in the same file is covered by acc_params.lua)
-- Kernel: tests/kernels/acc_frames.cu

local m = ws.load_ptx("../../tests/kernels/acc_frames.ptx")

local seed = 77077
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end
local function s32(x)
  x = x & 0xffffffff
  if x >= 0x80000000 then x = x - 0x100000000 end
  return x
end

local n = 160
local IN = {}
for i = 1, n do
  IN[i] = s32((rnd() << 1) ~ rnd())
  if IN[i] == -2147483648 then IN[i] = 0 end
  if i % 4 == 0 then IN[i] = (rnd() % 2001) - 1000 end
end
local bin = ws.alloc("s32", n); bin:write(IN)
local bout = ws.alloc("s32", 6 * n)
ws.launch(m, "frames", { grid = (n + 63) // 64, block = 64, args = { bin, bout, n } })

ws.run()

-- references ---------------------------------------------------------------
local function scramble(out, sd, k)
  local tmp = {}
  for j = 0, 7 do tmp[j] = s32(sd * (j + 1) + k) end
  local s = 0
  for j = 0, 7 do
    local src = (sd + j * k) & 7
    out[j] = s32(tmp[src] - j)
    s = s32(s + tmp[(src + 3) & 7])
  end
  return s
end
local function twice(carr, sd)
  local mine = {}
  local a = scramble(mine, sd, 3)
  local b = scramble(carr, s32(sd ~ 0x55), (sd & 3) + 1)
  local idx = sd & 7
  return s32(a - b + mine[idx] * 2 + carr[7 - idx])
end

local o = bout:read()
for i = 0, n - 1 do
  local v = IN[i + 1]
  local arr, arr2 = {}, {}
  local r0 = scramble(arr, v, 1)
  local r1 = 0
  for k = 0, (v & 3) do r1 = s32(r1 + (scramble(arr2, s32(v + k), k + 2) & 0xffff)) end
  local r2
  if v & 1 == 1 then r2 = twice(arr, v) else r2 = twice(arr2, s32(-v)) end
  local sel = (v >> 3) & 7
  local e = { r0, r1, r2, arr[sel], arr2[7 - sel], s32(arr[0] + arr2[7]) }
  for k = 1, 6 do
    ws.check(o[6 * i + k] == e[k], string.format("frames thread %d (v=%d) out[%d] = %d, expected %d",
      i, v, k - 1, o[6 * i + k], e[k]))
  end
end

print(string.format("acc_frames: OK (%d threads x 6 results, 3 call sites, nested frames)", n))
