-- onchip_cerf: under cerf the on-chip utilisation counts the integrated
-- array once (the L1 adds no storage), its cache data are the array's
-- cache and dirty entries, and the cerf section's holes are the
-- pipeline's (one array entry holds one warp register).
local v = require "verify"
ws.config{ preset = "teach", design = "cerf" }

local n, block = 5000, 256
local x = ws.alloc("f32", n)
local y = ws.alloc("f32", n)
x:write(function(i) return i end)
y:write(function(i) return 3 end)
local m = ws.load_ptx("../../examples/kernels/saxpy.ptx")
ws.launch(m, "saxpy", { grid = (n + block - 1) // block, block = block,
                        args = { n, ws.f32(0.5), x, y } })
local st = ws.run()
local want = {}
for i = 1, n do want[i] = 0.5 * (i - 1) + 3 end
v.equal(y:read(), want, "y")

local function near(a, b) return math.abs(a - b) <= 1e-9 * math.max(1, math.abs(b)) end
local oc, c = st.onchip, st.cerf
local entries = c.sets * c.ways
ws.check(oc.l1d_bytes == 0, "the cache lives in the array")
ws.check(oc.rf_bytes == entries * 128, "the array is the register file")
ws.check(near(oc.valid_cache_bytes, c.cache_share * entries * 128),
         "valid cache bytes are the array's cache and dirty entries")
ws.check(c.static_holes == st.rf.static_holes and c.dynamic_holes == st.rf.dynamic_holes,
         "cerf holes are the pipeline's")
-- an entry in state reg may hold a dead register until it is replaced
ws.check(oc.live_register_bytes > 0 and
         oc.live_register_bytes <= c.register_share * entries * 128 + 1e-6,
         "live registers occupy reg entries")
ws.check(oc.utilization <= c.utilization + 1e-12, "live data never exceed the active entries")
print(string.format("onchip under cerf: %.4f (array active %.4f)", oc.utilization, c.utilization))
