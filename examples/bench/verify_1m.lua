-- verify_1m: what checking a million-element output costs in Lua (the
-- number is in docs/scenarios.md). A 1M-element f32 buffer is filled with
-- verify.fill and compared twice: with verify.close against a reference
-- table, and with verify.equal against a function of the index. With
-- --unsafe-lua it prints the time of each step:
--   warpscope run --unsafe-lua examples/bench/verify_1m.lua
local verify = require "verify"
local clock = os and os.clock or function() return 0 end
local n = 1000000
local x = ws.alloc("f32", n)
local t0 = clock()
local ref = verify.fill(x, 2024)
local t1 = clock()
for i = 1, n do ref[i] = ref[i] * (1 + 2e-7) end   -- within rtol 1e-6
local t2 = clock()
verify.close(x, ref, "x against a table", 1e-6, 0)
local t3 = clock()
local g = verify.floats(2024)
verify.equal(x, function() return g() end, "x against a function")
local t4 = clock()
if os then
  print(string.format("fill %.3f s, close (buffer vs table) %.3f s, equal (buffer vs function) %.3f s",
                      t1 - t0, t3 - t2, t4 - t3))
end
