-- two overloads answer to the plain name: the error lists both signatures
local m = ws.load_ptx("../kernels/cxx_names.ptx")
local x = ws.alloc("f32", 8)
ws.launch(m, "scale", { grid = 1, block = 32, args = { x, 8, 2.0 } })
