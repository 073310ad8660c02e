-- ltrf_invariants: under design ltrf (ltrf+, maxwell-ltrf on two SMs) the
-- design's counters agree with each other and with the pipeline's
-- register traffic on a kernel of several register-intervals
-- (gemm_tiled): every operand read hits the register-file cache, the
-- main register file sees only fills, write-backs and the results of
-- warps that are not holding the register, every PREFETCH fits a
-- partition, every instruction belongs to one interval visit, and the
-- cache filters the main file's traffic.
local v = require "verify"
local suite = require "suite"
ws.config{ preset = "maxwell-ltrf", design = "ltrf", sm = { count = 2 },
           ltrf = { variant = "ltrf+", main_config = 6 } }

local M, N, K = 64, 64, 64
local rng = v.lcg(9)
local function rf() return ((rng() >> 7) - (1 << 23)) / (1 << 23) end
local A = ws.alloc("f32", M * K)
local B = ws.alloc("f32", K * N)
local C = ws.alloc("f32", M * N)
A:write(function() return rf() end)
B:write(function() return rf() end)
local mod = ws.load_ptx("../../examples/kernels/gemm_tiled.ptx")
ws.launch(mod, "gemm_tiled", { grid = { N // 16, M // 16 }, block = { 16, 16 },
                               args = { M, N, K, A, B, C } })

-- the design's events, as the debugger delivers them
local ev = { prefetch = 0, activate = 0, deactivate = 0, interval = 0 }
local too_big, fetched_more, self_entry = 0, 0, 0
ws.on("ltrf.prefetch", function(e)
  ev.prefetch = ev.prefetch + 1
  if e.registers > 16 then too_big = too_big + 1 end
  if e.fetched > e.registers then fetched_more = fetched_more + 1 end
end)
ws.on("ltrf.activate", function(e)
  ev.activate = ev.activate + 1
  if e.fetched > 16 then too_big = too_big + 1 end
end)
ws.on("ltrf.deactivate", function() ev.deactivate = ev.deactivate + 1 end)
ws.on("ltrf.interval", function(e)
  ev.interval = ev.interval + 1
  if e.interval == e.from then self_entry = self_entry + 1 end
end)
local st = ws.run()

local want = {}
for i = 0, M - 1 do
  for j = 0, N - 1 do
    want[i * N + j + 1] = suite.dot(0.0, K, A, i * K, 1, B, j, N)
  end
end
v.equal(C:read(), want, "C")

local l = st.ltrf
ws.check(l.variant == "ltrf+" and l.rfc_partitions == 8 and l.rfc_banks == 16,
         "16 banks x 8 partitions")
ws.check(l.rfc_bytes == 16384, "the cache holds 16 KB")
ws.check(st.rf.reads == l.operand_reads and st.rf.writes == l.result_writes,
         "rf counts are the pipeline's operand reads and result writes")
ws.check(l.rfc_read_misses == 0 and l.rfc_reads == l.operand_reads,
         "every operand read hits the register-file cache")
ws.check(l.main_rf_reads == l.registers_prefetched, "the main file is read only by fills")
ws.check(l.main_rf_writes == l.registers_written_back + l.rfc_write_misses,
         "the main file is written by write-backs and results of warps not holding the register")
ws.check(l.rfc_writes + l.rfc_write_misses == l.result_writes, "every result written once")
ws.check(l.main_rf_accesses < l.operand_reads + l.result_writes,
         "the cache filters the main file's traffic")
ws.check(l.interval_instructions == st.warp_instructions,
         "every instruction belongs to one interval visit")
local visits = 0
for _, c in ipairs(l.interval_length_histogram) do visits = visits + c end
ws.check(visits == l.interval_visits, "the histogram counts every visit")
ws.check(math.abs(l.interval_length_avg - l.interval_instructions / l.interval_visits) < 1e-9,
         "average interval length")
ws.check(too_big == 0 and fetched_more == 0, "a PREFETCH larger than a partition")
ws.check(self_entry == 0 and ev.interval > 0, "an interval entered from itself")
ws.check(ev.prefetch == l.prefetches and ev.activate == l.activations and
         ev.deactivate == l.deactivations, "events match the counters")
ws.check(l.prefetches > 0 and l.deactivations > 0, "the kernel prefetches and deactivates")
ws.check(l.prefetch_stall_cycles > 0, "warps waited for their registers")
ws.check(st.sm[1].stall_reasons.prefetch ~= nil, "the stall reason is named prefetch")
print(string.format("ltrf invariants: %d prefetches, %d activations, main file %d of %d accesses",
                    l.prefetches, l.activations, l.main_rf_accesses,
                    l.operand_reads + l.result_writes))
