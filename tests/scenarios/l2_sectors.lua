-- A sectored L2 (l2.sectored): an L1 line request becomes one lookup per
-- 32-byte sector, each sector misses on its own and is fetched from DRAM
-- as a 32-byte request, and the SM gathers the sectors' answers before
-- the L1 fill. saxpy runs twice over 48 KB on teach's 64 KB L2, with the
-- victim allocated at the miss (l2.allocate = miss) and the DRAM behind
-- a 100-cycle latency queue (dram.latency).
ws.config{ preset = "teach", ["l2.sectored"] = true, ["l2.allocate"] = "miss",
           ["dram.latency"] = 100 }
local n = 6 * 1024
local x, y = ws.alloc("f32", n), ws.alloc("f32", n)
x:write(function(i) return i % 7 end)
y:write(function(i) return i % 5 end)
local m = ws.load_ptx("../../examples/kernels/saxpy.ptx")
for _ = 1, 2 do
  ws.launch(m, "saxpy", { grid = n // 256, block = 256, args = { n, 2.0, x, y } })
end
local st = ws.run()
local a, b = st.launches[1], st.launches[2]
local lines = 2 * n * 4 // 128                 -- x and y, read once each
print(string.format("first launch: %d L2 reads, %d misses, %d DRAM reads (%d bytes); second: %d of %d hit",
  a.l2.reads, a.l2.misses, a.dram.reads, a.dram.read_bytes, b.l2.hits, b.l2.accesses))
ws.check(a.l1d.misses == lines, "every L1 line request misses once")
ws.check(a.l2.reads == 4 * lines, "an L1 line is four sector lookups")
ws.check(a.dram.reads == 4 * lines, "each sector is fetched on its own")
ws.check(a.dram.read_bytes == 2 * n * 4, "32 bytes per DRAM read: every byte once")
ws.check(a.l2.writes == n * 4 // 32, "y's stores: one lookup per sector written")
ws.check(b.l2.hits == b.l2.accesses and b.l2.reads == 4 * lines, "second launch: every sector hits")
ws.check(b.dram.reads == 0, "second launch reads nothing from DRAM")
local y1 = y:read()
ws.check(y1[n] == (n - 1) % 5 + 4 * ((n - 1) % 7), "y = 2x + 2x + y")
