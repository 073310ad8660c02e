-- no kernel answers: the error lists every kernel, demangled and mangled
local m = ws.load_ptx("../kernels/cxx_names.ptx")
local x = ws.alloc("f32", 8)
ws.launch(m, "srad", { grid = 1, block = 32, args = { x, x, 8, 1.0 } })
