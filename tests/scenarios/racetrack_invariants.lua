-- racetrack_invariants: the racetrack register file's counters agree with
-- each other and with the register traffic of the pipeline (saxpy, one SM,
-- two ports per tape so accesses shift several steps).
local v = require "verify"
ws.config{ preset = "teach", design = "racetrack", racetrack = { ports = 2 } }

local n, a = 4096, ws.f32(1.5)
local x = ws.alloc("f32", n)
local y = ws.alloc("f32", n)
x:write(function(i) return i % 97 end)
y:write(function(i) return i % 13 end)
local x0, y0 = x:read(), y:read()
local m = ws.load_ptx("../../examples/kernels/saxpy.ptx")
ws.launch(m, "saxpy", { grid = n // 256, block = 256, args = { n, a, x, y } })
local st = ws.run()
local rt = st.racetrack

-- every access the pipeline asked for was served by the racetrack array
ws.check(rt.accesses == rt.rm_reads + rt.rm_writes, "accesses = reads + writes")
ws.check(st.rf.reads == rt.rm_reads and st.rf.writes == rt.rm_writes, "rf counts are the array's")
ws.check(rt.write_buffer_writes == rt.rm_writes, "every buffered write drained")
local sum, steps = 0, 0
for d, c in ipairs(rt.shift_histogram) do sum = sum + c; steps = steps + (d - 1) * c end
ws.check(sum == rt.accesses, "the histogram counts every access")
ws.check(steps == rt.shifts, "the histogram's distances add up to the shift steps")
-- an access of d steps takes ceil((d x 0.61 + 0.28 read / 1.24 write) ns x
-- 700 MHz / 1000) cycles (Table 3, teach's clock); the stall cycles are
-- what the steps added to each access
local function cycles(d, ns)
  return math.max(1, math.ceil((d * 0.61 + ns) * 700 / 1000 - 1e-9))
end
local stall, hw = 0, rt.shift_histogram_writes
ws.check(#hw == #rt.shift_histogram, "a write histogram as long as the histogram")
for i, c in ipairs(rt.shift_histogram) do
  local d, w = i - 1, hw[i]
  ws.check(w <= c, "writes are accesses")
  stall = stall + (c - w) * (cycles(d, 0.28) - cycles(0, 0.28))
                + w * (cycles(d, 1.24) - cycles(0, 1.24))
  if i <= #rt.read_cycles_by_distance then
    ws.check(rt.read_cycles_by_distance[i] == cycles(d, 0.28)
             and rt.write_cycles_by_distance[i] == cycles(d, 1.24),
             "the model's access cycles follow the ns formula")
  end
end
ws.check(rt.shift_stall_cycles == stall, "stall cycles = the histogram through the ns formula")
ws.check(rt.shift_stall_cycles < rt.shifts, "several steps fit in a 700 MHz cycle")
ws.check(rt.preshift_steps == 0, "preshifting is off")
-- the direct mapping's S is what was shifted, but for each tape's first
-- alignment (16 banks x 1 tape x at most 31 steps)
ws.check(rt.used_mapping_S == rt.direct_shifts_S, "direct mapping in use")
ws.check(rt.shifts >= rt.direct_shifts_S and rt.shifts - rt.direct_shifts_S <= 16 * 31,
         "shifts = S + first alignments")
ws.check(rt.mapped_shifts_S <= rt.direct_shifts_S, "optimized S never above direct")
ws.check(rt.occupancy >= rt.occupancy_sram, "more registers never lower occupancy")
-- registers sit on the tapes for the warps that can be resident at once:
-- 16 CTAs on one SM, at most the occupancy limit of them
ws.check(rt.occupancy_resident <= rt.occupancy and rt.resident_ctas_sum <= rt.ctas_per_sm_sum,
         "resident at once never above the limit")
ws.check(rt.occupancy_resident_sram <= rt.occupancy_resident, "nor the SRAM file's above the racetrack's")

local want = {}
for i = 1, n do want[i] = v.fma32(a, x0[i], y0[i]) end
v.equal(y:read(), want, "y")
