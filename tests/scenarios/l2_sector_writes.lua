-- A sectored L2 marks the sectors a store writes: with 16-thread blocks
-- each warp of saxpy writes half a 128-byte line of y, the upper half
-- starting at byte 64 (sectors 2 and 3). y (256 KB) overflows teach's
-- 64 KB L2, so every written byte leaves for DRAM except what the L2
-- still holds at the end; a store placed on the wrong sectors (its
-- segment's first ones) would leave half of them behind.
ws.config{ preset = "teach", ["l2.sectored"] = true }
local n = 64 * 1024
local x, y = ws.alloc("f32", n), ws.alloc("f32", n)
x:write(function(i) return i % 7 end)
y:write(function(i) return i % 5 end)
local m = ws.load_ptx("../../examples/kernels/saxpy.ptx")
ws.launch(m, "saxpy", { grid = n // 16, block = 16, args = { n, 2.0, x, y } })
local st = ws.run()
local bad = 0
for i = 0, n - 1, 97 do
  if y:get(i) ~= 2 * (i % 7) + i % 5 then bad = bad + 1 end
end
ws.check(bad == 0, "saxpy mismatches: " .. bad)
local l2_bytes = ws.config()["l2.slices"] * ws.config()["l2.size"]
print(string.format("DRAM bytes written %d of %d stored (L2 %d)",
                    st.dram.write_bytes, 4 * n, l2_bytes))
ws.check(st.dram.write_bytes >= 4 * n - l2_bytes,
         "every written sector leaves the L2 but what it still holds")
ws.check(st.dram.write_bytes <= 4 * n, "no sector is written back twice")
