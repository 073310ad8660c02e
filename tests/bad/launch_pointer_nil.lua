-- a pointer argument given as nil: the error points at ws.null
local m = ws.load_ptx("../kernels/cxx_names.ptx")
local x = ws.alloc("f32", 8)
ws.launch(m, "srad_row", { grid = 1, block = 32, args = { x, nil, 8, 1.0 } })
