-- a fault in a kernel compiled with -lineinfo names the CUDA source line
-- (from the PTX's .loc) next to the PTX line: here srad_row is given the
-- last row of the image but one column too many (the image fills one
-- 4 KiB page exactly; the extra column is the first byte past its end)
local m = ws.load_ptx("../kernels/cxx_names.ptx")
local rows, cols = 4, 256
local img = ws.alloc("f32", rows * cols)
local coef = ws.alloc("f32", rows * cols)
ws.launch(m, "srad_row", { grid = 1, block = 288,
                           args = { img:ptr((rows - 1) * cols), coef, cols + 1, 1.0 } })
ws.run()
