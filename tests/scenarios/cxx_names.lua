-- cxx_names: C++ kernels (mangled by nvcc) launched by the names their
-- source gives them, with pointers into the middle of a buffer and null
-- pointers, as ports of Rodinia and PolyBench need.
--  * srad_row by its plain name, on one row of an image passed as
--    img:ptr(row * cols) (Rodinia srad's `image + row * cols`)
--  * the overloads scale(float*, int, float) and scale(int*, int, int) by
--    their signatures (white space free), tcopy<float> and tcopy<double>
--    by their template arguments, rodinia::fill by its qualified name and
--    by its last component, with ws.null and with a pointer for `out`
--  * the PTX (mangled) name still works
-- Kernel: tests/kernels/cxx_names.cu
local verify = require "verify"
local m = ws.load_ptx("../kernels/cxx_names.ptx")
ws.check(#m.kernels == 6, "six kernels")

local rows, cols = 5, 40
local img = ws.alloc("f32", rows * cols)
local coef = ws.alloc("f32", rows * cols)
img:write(function(i) return i end)
coef:write(function(i) return (i % 7) * 0.5 end)
-- row 3 only: pointers to its first element in both buffers
local r = 3
ws.check(img:ptr(r * cols) == img.addr + r * cols * 4, "ptr is the address of element i")
ws.check(img:ptr(rows * cols) == img.addr + img.bytes, "ptr of n is one past the end")
ws.launch(m, "srad_row", { grid = 2, block = 32,
                           args = { img:ptr(r * cols), coef:ptr(r * cols), cols, 2.0 } })

local xf = ws.alloc("f32", 50)
local xi = ws.alloc("s32", 50)
xf:write(function(i) return i + 0.25 end)
xi:write(function(i) return i - 20 end)
ws.launch(m, "scale(float*,int,float)", { grid = 1, block = 64, args = { xf, 50, 4.0 } })
ws.launch(m, "scale(int*, int, int)", { grid = 1, block = 64, args = { xi, 50, -3 } })

local df = ws.alloc("f32", 33)
local dd = ws.alloc("f64", 33)
local sd = ws.alloc("f64", 33)
sd:write(function(i) return i / 3 end)
ws.launch(m, "tcopy<float>", { grid = 1, block = 64, args = { df, xf, 33 } })
ws.launch(m, "tcopy<double>(double*, double const*, int)",
          { grid = 1, block = 64, args = { dd, sd, 33 } })

local f1 = ws.alloc("f32", 70)
local f2 = ws.alloc("f32", 70)
local out = ws.alloc("s32", 2)
ws.launch(m, "rodinia::fill", { grid = 3, block = 32, args = { f1, 70, 1.5, ws.null } })
ws.launch(m, "fill", { grid = 3, block = 32, args = { f2:ptr(10), 60, -2.0, out:ptr(1) } })
-- the mangled name, as before
ws.launch(m, "_Z5scalePfif", { grid = 1, block = 32, args = { f1:ptr(64), 6, 2.0 } })
ws.run()

local want = {}
for i = 0, rows * cols - 1 do
  local v = i
  if i // cols == r then v = ws.f32(i + ws.f32(2.0 * ((i % 7) * 0.5))) end
  want[i + 1] = v
end
verify.equal(img:read(), want, "srad_row on row 3 only")

local wf, wi = {}, {}
for i = 0, 49 do
  wf[i + 1] = ws.f32((i + 0.25) * 4)
  wi[i + 1] = (i - 20) * -3
end
verify.equal(xf:read(), wf, "scale(float*)")
verify.equal(xi:read(), wi, "scale(int*)")
local wd = {}
for i = 0, 32 do wd[i + 1] = i / 3 end
verify.equal(dd:read(), wd, "tcopy<double>")
verify.equal(df:read(), { table.unpack(wf, 1, 33) }, "tcopy<float>")

local w1, w2 = {}, {}
for i = 0, 69 do
  w1[i + 1] = i >= 64 and 3.0 or 1.5
  w2[i + 1] = i >= 10 and -2.0 or 0
end
verify.equal(f1:read(), w1, "fill with a null out, then scale by the mangled name")
verify.equal(f2:read(), w2, "fill from element 10")
verify.equal(out:read(), { 0, 60 }, "fill wrote n through out:ptr(1)")
