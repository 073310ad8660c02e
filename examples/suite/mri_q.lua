-- mri_q (Parboil mri-q): the Q matrix of a non-Cartesian MRI
-- reconstruction. compute_phimag (blocks of 512) squares the k-space
-- samples' magnitudes; the host packs (kx, ky, kz, phiMag) records, as
-- Parboil's does; compute_q (blocks of 256, one thread per voxel) sums
-- phiMag * (cos, sin)(2 pi k . x) over the samples, one launch per chunk of
-- 1024 samples.
--
-- Stresses: the SFU (a sin and a cos per sample and voxel) and FMA
-- throughput; almost no memory traffic (per-voxel loads once, a uniform
-- stream of 16-byte k records that every lane of a warp shares, served by
-- L1); no divergence; a compute-bound contrast to the streaming workloads.
--
-- Sizes (workload.size):
--   test   8^3 = 512 voxels, 1100 samples: compute_q grid 2 x 256, two
--          launches (1024 + 76 samples)
--   paper  64^3 = 262,144 voxels (Parboil's "large" volume), 256 samples
--          (Parboil's has 2048; shrunk to keep the run within two minutes):
--          compute_q grid 1024 x 256 (11 waves on fermi), one launch
--
-- Reference: phiMag is replayed exactly (fma(r, r, m * m) in float32). Q
-- uses the SFU's approximate sin and cos, which the simulator computes
-- with the host's C library: the argument is replayed exactly in float32,
-- sin and cos are taken in double, and Q is compared within 1e-5 of the
-- sum of |phiMag| (well above the float32 rounding of the accumulation,
-- far below the change one missing or wrong sample makes). Test size
-- checks every voxel, paper size 4096 voxels spread over the volume.
local v = require "verify"

local size = ws.config()["workload.size"]
local side, numK = 8, 1100
if size == "paper" then side, numK = 64, 256 end
local numX = side * side * side
local K_PER_LAUNCH = 1024
local f = ws.f32

local rng = v.lcg(91)
local function rf() return ((rng() >> 7) - (1 << 23)) / (1 << 23) end
local function coords(i) return (i % side) / side - 0.5 end
local x, y, z = ws.alloc("f32", numX), ws.alloc("f32", numX), ws.alloc("f32", numX)
x:write(function(i) return coords(i) end)
y:write(function(i) return coords(i // side) end)
z:write(function(i) return coords(i // (side * side)) end)
local kx, ky, kz, phiR, phiI = {}, {}, {}, {}, {}
for k = 1, numK do
  kx[k], ky[k], kz[k] = f(rf() * side / 2), f(rf() * side / 2), f(rf() * side / 2)
  phiR[k], phiI[k] = f(rf()), f(rf())
end
local d_phiR, d_phiI, d_phimag = ws.alloc("f32", numK), ws.alloc("f32", numK), ws.alloc("f32", numK)
d_phiR:write(phiR)
d_phiI:write(phiI)
local Qr, Qi = ws.alloc("f32", numX), ws.alloc("f32", numX)

local mod = ws.load_ptx("mri_q.ptx")
ws.launch(mod, "compute_phimag", { grid = (numK + 511) // 512, block = 512,
                                   args = { d_phiR, d_phiI, d_phimag, numK } })
ws.run()
local phimag, want_mag = d_phimag:read(), {}
for k = 1, numK do want_mag[k] = v.fma32(phiR[k], phiR[k], f(phiI[k] * phiI[k])) end
v.equal(phimag, want_mag, "phiMag")

-- The host packs the k-space records, then one launch per chunk.
local kvals = ws.alloc("f32", 4 * numK)
kvals:write(function(i)
  local k, c = i // 4 + 1, i % 4
  return c == 0 and kx[k] or c == 1 and ky[k] or c == 2 and kz[k] or phimag[k]
end)
for kbase = 0, numK - 1, K_PER_LAUNCH do
  ws.launch(mod, "compute_q", { grid = numX // 256, block = 256,
                                args = { numK, kbase, kvals, x, y, z, Qr, Qi } })
end
ws.run()

local PIx2 = f(2 * math.pi)
local qr, qi = Qr:read(), Qi:read()
local gr, gi, wr, wi = {}, {}, {}, {}
local nsample = size == "paper" and 4096 or numX
local magsum = 0.0
for k = 1, numK do magsum = magsum + phimag[k] end
for s = 0, nsample - 1 do
  local vx = size == "paper" and (s * 104729 + 7) % numX or s
  local sx, sy, sz = coords(vx), coords(vx // side), coords(vx // (side * side))
  local ar, ai = 0.0, 0.0
  for k = 1, numK do
    local arg = f(PIx2 * v.fma32(sz, kz[k], v.fma32(sx, kx[k], f(sy * ky[k]))))
    ar = ar + phimag[k] * math.cos(arg)
    ai = ai + phimag[k] * math.sin(arg)
  end
  gr[s + 1], gi[s + 1], wr[s + 1], wi[s + 1] = qr[vx + 1], qi[vx + 1], ar, ai
end
v.close(gr, wr, "Qr", 0, 1e-5 * magsum)
v.close(gi, wi, "Qi", 0, 1e-5 * magsum)
print(string.format("mri_q (%s): %d voxels, %d samples, %d voxels checked OK",
                    size, numX, numK, nsample))
