-- The scenario shown in README.md, kept here so the README stays true.
local m = ws.load_ptx("../kernels/saxpy.ptx")   -- relative to this file
local n = 5000
local x, y = ws.alloc("f32", n), ws.alloc("f32", n)
x:write(function(i) return i end)
y:write(function(i) return 1.0 end)
ws.launch(m, "saxpy", { grid = (n + 255) // 256, block = 256,
                        args = { n, 2.0, x, y } })
ws.run()
for i, v in ipairs(y:read()) do
  ws.check(v == 2.0 * (i - 1) + 1.0, "y[" .. (i - 1) .. "] = " .. v)
end
