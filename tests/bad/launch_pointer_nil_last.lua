-- a trailing nil is not part of the args table: the count error says so
local m = ws.load_ptx("../kernels/cxx_names.ptx")
local x = ws.alloc("f32", 8)
ws.launch(m, "rodinia::fill", { grid = 1, block = 32, args = { x, 8, 1.0, nil } })
