-- cutcp (Parboil cutcp, the base CUDA kernel): the cutoff Coulomb
-- potential of a box of atoms on a lattice of spacing 0.5 A. Atoms are
-- binned into 4 A cubes of up to 8 atoms; CTAs of 8 x 8 x 2 threads (one
-- lattice point each, 4 CTAs per 8^3 region) walk a neighbour list of 117
-- bins held in __constant__ memory, caching up to 32 bins at a time in
-- shared memory; one launch per z-plane of regions.
--
-- Stresses: shared-memory broadcast reads (every lane reads the same
-- atom), the SFU (rsqrt) and FMA pipes, divergence on the cutoff test and
-- on bins of different fill, constant-memory reads of the neighbour list,
-- bin records re-read by neighbouring CTAs (L1/L2 reuse), few stores.
--
-- The atoms are generated (Parboil reads a water box): 4-8 atoms per bin
-- (~6, Parboil's design density of 1 atom per 10 A^3), uniformly placed,
-- with water-like charges (-0.834, +0.417), so that no bin overflows
-- (Parboil sends overflowing atoms to the CPU). The cutoff is 6 A instead
-- of Parboil's 12 A (which needs ~20x the work).
-- Sizes (workload.size):
--   test   lattice 16 x 8 x 8 (2 x 1 x 1 regions): 1 launch of 8 CTAs x 128
--   paper  lattice 80 x 80 x 24 (10 x 10 x 3 regions, a 40 x 40 x 12 A box):
--          3 launches of 40 x 10 = 400 CTAs x 128
--
-- Reference: the cutoff test is replayed exactly (the distance in float32
-- with the kernel's fma order); the potential uses the SFU's approximate
-- rsqrt, which the simulator takes from the host's C library, so the sum is
-- computed in double and compared within 2e-6 of the sum of the absolute
-- contributions at each point. Test size checks every point, paper size
-- 2048 points spread over the lattice.
local v = require "verify"

local size = ws.config()["workload.size"]
local xR, yR, zR = 2, 1, 1
if size == "paper" then xR, yR, zR = 10, 10, 3 end
local h, cutoff = 0.5, 6.0
local cutoff2, inv_cutoff2 = cutoff * cutoff, ws.f32(1 / (cutoff * cutoff))
local c, DEPTH = 2, 8
local bdx, bdy, bdz = xR + 2 * c, yR + 2 * c, zR + 2 * c
local f = ws.f32

-- Atoms of the bins that cover the lattice (the padding bins stay empty).
local rng = v.lcg(101)
local bins = {}                     -- bins[index in the padded array] = { {x, y, z, q}, ... }
local function bin_index(i, j, k) return ((k + c) * bdy + (j + c)) * bdx + (i + c) end
local natoms = 0
for k = 0, zR - 1 do
  for j = 0, yR - 1 do
    for i = 0, xR - 1 do
      local list = {}
      for a = 1, 4 + rng() % 5 do
        local function coord(b) return 4 * b + 4 * ((rng() >> 15) % 65536) / 65536 end
        list[a] = { coord(i), coord(j), coord(k), f(rng() % 3 == 0 and -0.834 or 0.417) }
      end
      bins[bin_index(i, j, k)] = list
      natoms = natoms + #list
    end
  end
end
local d_bins = ws.alloc("f32", bdx * bdy * bdz * DEPTH * 4)
d_bins:write(function(e)
  local atom = bins[e // (DEPTH * 4)]
  atom = atom and atom[(e // 4) % DEPTH + 1]
  return atom and atom[e % 4 + 1] or 0.0
end)
local offset = ((c * bdy + c) * bdx + c) * DEPTH          -- float4 of bin (0, 0, 0)
local out = ws.alloc("f32", xR * yR * zR * 512)

local mod = ws.load_ptx("cutcp.ptx")
for z = 0, zR - 1 do
  ws.launch(mod, "cutoff_potential", { grid = { 4 * xR, yR }, block = { 8, 8, 2 },
    args = { bdx, bdy, d_bins, offset, h, cutoff2, inv_cutoff2, out, z } })
end
ws.run()

-- The 117 neighbour offsets, as in the kernel.
local nbrs = {}
local reach = (cutoff + math.sqrt(3) * 4) ^ 2
for k = -c, c do for j = -c, c do for i = -c, c do
  if (i * i + j * j + k * k) * 16 < reach then nbrs[#nbrs + 1] = { i, j, k } end
end end end
ws.check(#nbrs == 117, "neighbour list length")

-- Potential at output element o (regions stored one after another).
local function want_at(o)
  local region, w = o // 512, o % 512
  local rx, ry, rz = region % xR, (region // xR) % yR, region // (xR * yR)
  local x, y, z = (8 * rx + w % 8) * h, (8 * ry + (w // 8) % 8) * h, (8 * rz + w // 64) * h
  local e, mag = 0.0, 0.0
  for _, n in ipairs(nbrs) do
    for _, a in ipairs(bins[bin_index(rx + n[1], ry + n[2], rz + n[3])] or {}) do
      local dx, dy, dz = f(a[1] - x), f(a[2] - y), f(a[3] - z)
      local r2 = v.fma32(dz, dz, v.fma32(dx, dx, f(dy * dy)))
      if r2 < cutoff2 then
        local s = f(1 - f(r2 * inv_cutoff2))
        local t = a[4] / math.sqrt(r2) * s * s
        e, mag = e + t, mag + math.abs(t)
      end
    end
  end
  return e, mag
end

local got = out:read()
local npoints = size == "paper" and 2048 or #got
local bad, first = 0, nil
for s = 0, npoints - 1 do
  local o = size == "paper" and (s * 7919 + 3) % #got or s
  local want, mag = want_at(o)
  if math.abs(got[o + 1] - want) > 2e-6 * mag + 1e-7 then
    bad = bad + 1
    first = first or string.format("[%d]: got %.9g, want %.9g", o, got[o + 1], want)
  end
end
ws.check(bad == 0, string.format("potential: %d of %d points differ; first %s",
                                 bad, npoints, first))
print(string.format("cutcp (%s): %d atoms, %d x %d x %d lattice, %d points checked OK",
                    size, natoms, 8 * xR, 8 * yR, 8 * zR, npoints))
