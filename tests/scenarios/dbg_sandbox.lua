-- dbg_sandbox: a runaway probe and a failing hook are stopped and
-- disabled with a message while the run goes on; the default sandbox has
-- no os, io, package or string.dump. Kernel: examples/kernels/saxpy.cu
ws.config{ preset = "teach", ["lua.hook_instructions"] = 100000 }
ws.check(os == nil and io == nil and package == nil, "no os, io or package")
ws.check(string.dump == nil and dofile == nil and loadfile == nil, "no dump, dofile, loadfile")
ws.check(not pcall(load, "\27Lua"), "binary chunks are refused")

local n = 1000
local x = ws.alloc("f32", n)
local y = ws.alloc("f32", n)
local m = ws.load_ptx("../../examples/kernels/saxpy.ptx")
ws.launch(m, "saxpy", { grid = 4, block = 256, args = { n, ws.f32(1), x, y } })

local spins = 0
ws.probe("spin", function() spins = spins + 1; while true do end end, 50)
local errs = 0
ws.on("warp.issue", function(e) errs = errs + 1; error("boom") end)
ws.run()
ws.check(spins == 1, "the runaway probe ran once, then was disabled: " .. spins)
ws.check(errs == 1, "the failing hook ran once, then was disabled: " .. errs)
local info = ws.cmd("info probes")
ws.check(info:find("spin") and info:find("disabled"), "info probes shows it disabled")
local bps = ws.cmd("info breakpoints")
ws.check(bps:find("err"), "the hook is marked as failed")
print("dbg_sandbox: OK")
