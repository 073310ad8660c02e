-- cerf's register hit rate counts a read that had to wait for its
-- register's fill (the register was spilled to L2 by a cache line) as a
-- miss: register_hits + refilled_reads + cold_reads = register_reads.
-- mvt's f64 loads on teach's small array spill registers (here with the
-- paper's tag stage, cerf.tag_stage_cycles = 0).
ws.config{ preset = "teach", design = "cerf", ["cerf.tag_stage_cycles"] = 0 }
local N = 128
local A, y, x = ws.alloc("f64", N * N), ws.alloc("f64", N), ws.alloc("f64", N)
A:write(function(i) return (i % 13) * 0.5 end)
y:write(function(i) return (i % 7) * 0.25 end)
x:write(function() return 0 end)
local m = ws.load_ptx("../../examples/kernels/mvt.ptx")
ws.launch(m, "mvt_x2", { grid = N // 64, block = 64, args = { N, A, y, x } })
local c = ws.run().cerf
print(string.format("register reads %d: %d hits, %d refilled after a spill, %d cold; hit rate %.4f",
  c.register_reads, c.register_hits, c.refilled_reads, c.cold_reads, c.register_hit_rate))
ws.check(c.spills > 0 and c.refilled_reads > 0, "registers were spilled and filled back")
ws.check(c.register_hits + c.refilled_reads + c.cold_reads == c.register_reads,
         "every read is a hit, a refill or a cold read")
ws.check(c.register_hit_rate < 1, "refills count as misses")
local xs = x:read()
for i = 0, N - 1 do
  local s = 0
  for j = 0, N - 1 do s = s + ((j * N + i) % 13) * 0.5 * ((j % 7) * 0.25) end
  ws.check(xs[i + 1] == s, "x[" .. i .. "]")
end
