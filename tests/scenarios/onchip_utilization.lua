-- onchip_utilization: register liveness, RF holes and the on-chip
-- utilisation agree with the occupancy counters and with their definition
-- (docs/timing.md, "On-chip utilisation"). One warp on one SM first, so
-- that the allocated registers are known exactly, then a full launch.
local v = require "verify"
ws.config{ preset = "teach" }

local m = ws.load_ptx("../../examples/kernels/saxpy.ptx")
local function saxpy(n, block)
  local a = ws.f32(2)
  local x = ws.alloc("f32", n)
  local y = ws.alloc("f32", n)
  x:write(function(i) return i end)
  y:write(function(i) return 1 end)
  ws.launch(m, "saxpy", { grid = (n + block - 1) // block, block = block,
                          args = { n, a, x, y } })
  local st = ws.run()
  local want = {}
  for i = 1, n do want[i] = 2 * (i - 1) + 1 end
  v.equal(y:read(), want, "y")
  return st
end

local function near(a, b) return math.abs(a - b) <= 1e-9 * math.max(1, math.abs(b)) end

local function check(L, what)
  local rf, oc, l1 = L.rf, L.onchip, L.l1d
  local cycles = L.cycles
  local regs = oc.rf_bytes // 128            -- warp registers per SM
  ws.check(rf.live_register_cycles > 0, what .. ": some register was live")
  ws.check(rf.live_register_cycles <= rf.allocated_register_cycles,
           what .. ": live registers are allocated")
  ws.check(near(rf.static_holes, 1 - rf.allocated_register_cycles / (regs * cycles)),
           what .. ": static holes = never allocated share")
  ws.check(near(rf.dynamic_holes,
                (rf.allocated_register_cycles - rf.live_register_cycles) / (regs * cycles)),
           what .. ": dynamic holes = allocated but dead share")
  ws.check(oc.l1d_bytes == 4096, what .. ": the teach L1D adds 4 KB")
  ws.check(l1.valid_byte_cycles > 0 and l1.valid_byte_cycles <= 4096 * cycles,
           what .. ": valid L1 bytes within the L1")
  ws.check(near(oc.valid_cache_bytes, l1.valid_byte_cycles / cycles),
           what .. ": average valid bytes")
  ws.check(near(oc.utilization,
                (rf.live_register_cycles * 128 + l1.valid_byte_cycles) /
                ((oc.rf_bytes + oc.l1d_bytes) * cycles)),
           what .. ": utilisation = (live registers + valid lines) / (RF + L1)")
end

-- one warp: its registers are allocated exactly while its CTA is resident
local st = saxpy(32, 32)
local L = st.launches[1]
check(L, "one warp")
ws.check(L.rf.allocated_register_cycles ==
         L.regs_per_thread * L.sm[1].cycles_active,
         "one warp: allocated = registers per thread x resident cycles")
ws.check(L.rf.dynamic_holes > 0, "one warp: some registers die before the warp ends")

-- twenty CTAs of eight warps, several resident at once
st = saxpy(5000, 256)
L = st.launches[2]
check(L, "20 CTAs")
ws.check(L.rf.static_holes < st.launches[1].rf.static_holes,
         "more resident warps leave fewer static holes")
-- the whole run's integrals are the sums of its launches'
ws.check(st.rf.live_register_cycles ==
         st.launches[1].rf.live_register_cycles + L.rf.live_register_cycles,
         "live register cycles add up over launches")
print(string.format("onchip: utilisation %.4f / %.4f, holes %.3f + %.3f",
                    st.launches[1].onchip.utilization, L.onchip.utilization,
                    L.rf.static_holes, L.rf.dynamic_holes))
