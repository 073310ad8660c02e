-- The L2 uses all its sets: a slice indexes its sets by the address within
-- the slice (the chunk digits that chose the channel and the slice are
-- stripped). saxpy runs twice over x and y, 48 KB together, on teach's
-- 64 KB L2 (2 slices x 32 KB, 8 ways): the second launch must hit on
-- every read. With the whole address as the index each slice would use
-- half its sets (32 KB in all) and the second launch would miss.
ws.config{ preset = "teach" }
local n = 6 * 1024
local x, y = ws.alloc("f32", n), ws.alloc("f32", n)
x:write(function(i) return i % 7 end)
y:write(function(i) return i % 5 end)
local m = ws.load_ptx("../../examples/kernels/saxpy.ptx")
for _ = 1, 2 do
  ws.launch(m, "saxpy", { grid = n // 256, block = 256, args = { n, 2.0, x, y } })
end
local st = ws.run()
local first, second = st.launches[1].l2, st.launches[2].l2
print(string.format("L2 reads: first launch %d hits of %d, second %d of %d",
                    first.hits, first.accesses, second.hits, second.accesses))
-- the first launch's only hits are y's writes, into lines it has just read
ws.check(first.hits == first.writes, "first launch: no read hits in a cold L2")
ws.check(second.reads == 2 * n * 4 // 128, "second launch reads every line of x and y once")
ws.check(second.hits == second.accesses, "second launch: every access hits")
local y1 = y:read()
ws.check(y1[n] == (n - 1) % 5 + 4 * ((n - 1) % 7), "y = 2x + 2x + y")
