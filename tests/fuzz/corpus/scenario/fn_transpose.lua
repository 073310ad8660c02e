ws.config{ sim = { mode = "functional" } }
-- transpose (naive): out = transpose(in) for a 96 x 128 float matrix
-- (rows x cols), blocks of 32 x 8 threads (a 4 x 12 grid).
--
-- What to look at: the reads are coalesced (one 128-byte line per warp) but
-- the writes are strided: a warp's 32 stores land in 32 different rows of
-- out, 384 bytes apart, so each warp store is 32 transactions (global stores
-- do not allocate in L1 on the Fermi-like write-no-allocate policy, so all
-- of them go to L2). Compare with transpose_tiled.lua.
--
-- Reference: pure data movement; exact comparison (values are distinct, so
-- any misplaced element is caught).
local v = require "verify"

local rows, cols = 96, 128
local inb = ws.alloc("f32", rows * cols)
local outb = ws.alloc("f32", rows * cols)
inb:write(function(i) return i + 0.5 end)      -- distinct, exact in float32
outb:write(function() return -1.0 end)

local m = ws.load_ptx("../kernels/transpose.ptx")
ws.launch(m, "transpose", { grid = { cols // 32, rows // 8 }, block = { 32, 8 },
                            args = { rows, cols, inb, outb } })
ws.run()

local src, want = inb:read(), {}
for y = 0, rows - 1 do
  for x = 0, cols - 1 do
    want[x * rows + y + 1] = src[y * cols + x + 1]
  end
end
v.equal(outb:read(), want, "out")
print(string.format("transpose: %dx%d OK", rows, cols))
