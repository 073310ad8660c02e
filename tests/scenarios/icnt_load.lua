-- The interconnect's load statistics (docs/timing.md, `icnt`): one warp
-- of saxpy on fermi reads a 128-byte line of x and one of y and writes
-- the line of y. Each read is a one-flit request to the L2; the sectored
-- L2 answers it with four 32-byte sectors, one flit each; the write
-- carries a header flit and four of data, and the L2 acknowledges each of
-- its four sectors with a flit (l2.write_ack). So the SMs' ports take
-- 8 + 4 = 12 flits and the L2 slices' 1 + 1 + 5 = 7. Then, on a larger run, the per-SM
-- counts add up to the total and the loads are the counts per cycle.
ws.config{ preset = "fermi" }
local function saxpy(n, block)
  local x, y = ws.alloc("f32", n), ws.alloc("f32", n)
  x:write(function(i) return i % 7 end)
  y:write(function(i) return i % 5 end)
  local m = ws.load_ptx("../../examples/kernels/saxpy.ptx")
  ws.launch(m, "saxpy", { grid = n // block, block = block, args = { n, 2.0, x, y } })
  local st = ws.run()
  for i = 0, n - 1, 31 do
    ws.check(y:get(i) == 2 * (i % 7) + i % 5, "saxpy y[" .. i .. "]")
  end
  return st
end

local st = saxpy(32, 32)
local ic = st.launches[1].icnt
ws.check(ic.flits_to_sms == 12, "flits to the SMs: " .. ic.flits_to_sms .. ", want 12")
ws.check(ic.flits_to_l2 == 7, "flits to the L2: " .. ic.flits_to_l2 .. ", want 7")
ws.check(ic.flits == ic.flits_to_sms + ic.flits_to_l2, "flits by direction add up")

st = saxpy(64 * 1024, 128)
ic = st.launches[2].icnt
local cycles, nsm = st.launches[2].cycles, #st.launches[2].sm
local sum, busiest = 0, 0
for _, s in ipairs(st.launches[2].sm) do
  sum = sum + s.flits_received
  ws.check(math.abs(s.port_load - s.flits_received / cycles) < 1e-12, "an SM's port load")
  if s.port_load > busiest then busiest = s.port_load end
end
ws.check(sum == ic.flits_to_sms, "the SMs' flits add up: " .. sum .. " of " .. ic.flits_to_sms)
ws.check(ic.flits == ic.flits_to_sms + ic.flits_to_l2, "flits by direction add up")
ws.check(math.abs(ic.sm_port_load - ic.flits_to_sms / (cycles * nsm)) < 1e-12, "the SMs' mean port load")
ws.check(math.abs(ic.l2_port_load - ic.flits_to_l2 / (cycles * ws.config()["l2.slices"])) < 1e-12,
         "the slices' mean port load")
ws.check(busiest > 0 and busiest <= 1, "a port takes at most a flit a cycle: " .. busiest)
ws.check(ic.sm_port_load <= busiest, "the mean is at most the busiest")
