-- acc_shmem_mixed: static __shared__ arrays (an int[64] and a double[8],
-- demoted into the kernel as .shared .align 4/8) together with the module's
-- .extern .shared dynamic array in the same kernel: the dynamic window
-- (sized at launch: an int and a double per thread, 1152 bytes) must start
-- after the static data and not overlap it. Values written to each region
-- are read back crosswise after bar.sync (shm_static_dyn).
-- Kernel: tests/kernels/acc_shmem.cu

local m = ws.load_ptx("../../tests/kernels/acc_shmem.ptx")

local seed = 60606
local function rnd()
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed
end

local NT, G = 96, 2
local n = NT * G
local IN = {}
for i = 1, n do IN[i] = (rnd() % 2000001) - 1000000 end
local bin = ws.alloc("s32", n); bin:write(IN)
local bout = ws.alloc("s32", 2 * n)
local bd = ws.alloc("f64", n)
ws.launch(m, "shm_static_dyn", { grid = G, block = NT, shared = NT * 4 + NT * 8, args = { bin, bout, bd } })
ws.run()

local o, d = bout:read(), bd:read()
for b = 0, G - 1 do
  local base = b * NT
  for t = 0, NT - 1 do
    local g = base + t
    local c = 3 * IN[base + (NT - 1 - t) + 1]
    local e1 = -IN[base + (t & 63) + 1] + c
    local ed = 0.5 * (t & 7) + IN[base + (t + 1) % NT + 1] * 0.25
    ws.check(o[2 * g + 1] == e1, string.format("shm_static_dyn out[%d] = %d, expected %d (static int + dynamic int)", 2 * g, o[2 * g + 1], e1))
    ws.check(o[2 * g + 2] == c, string.format("shm_static_dyn out[%d] = %d, expected %d (dynamic int)", 2 * g + 1, o[2 * g + 2], c))
    ws.check(d[g + 1] == ed, string.format("shm_static_dyn dout[%d] = %s, expected %s (static double + dynamic double)", g, d[g + 1], ed))
  end
end

print(string.format("acc_shmem_mixed: OK (%d threads, static + dynamic shared)", n))
