-- occupancy.regs = ptxas: occupancy counts each kernel's ptxas register
-- count, recorded beside the PTX (tests/reference/kernels.ptxas), while
-- the register file holds our allocation. The reference conv5x5 kernel:
-- ptxas uses 32 registers, our allocator fewer; on fermi (32768
-- registers, 256-thread CTAs) 32 allows 4 CTAs per SM, as GPGPU-Sim ran.
-- spmv_csr (55 ptxas registers) in the same run: 4 CTAs of 128 threads.
-- regs_per_thread, when set, still overrides both.
ws.config{ preset = "fermi", ["occupancy.regs"] = "ptxas" }
local m = ws.load_ptx("../reference/kernels.ptx")
local n = 32
local inp, f, out = ws.alloc("f32", n * n), ws.alloc("f32", 25), ws.alloc("f32", n * n)
ws.launch(m, "conv5x5", { grid = { n // 16, n // 16 }, block = { 16, 16 }, args = { inp, f, out, n, n } })
local rp, y = ws.alloc("s32", 129), ws.alloc("f32", 128)
ws.launch(m, "spmv_csr", { grid = 1, block = 128, args = { rp, rp, y, y, y, 128 } })
local st = ws.run()
local a, b = st.launches[1], st.launches[2]
print(string.format("conv5x5: %d registers, %d CTAs per SM; spmv_csr: %d registers, %d CTAs per SM",
  a.regs_per_thread, a.occupancy.ctas_per_sm, b.regs_per_thread, b.occupancy.ctas_per_sm))
ws.check(a.regs_per_thread == 32 and a.occupancy.ctas_per_sm == 4, "conv5x5 at ptxas's 32 registers")
ws.check(b.regs_per_thread == 55 and b.occupancy.ctas_per_sm == 4, "spmv_csr at ptxas's 55 registers")
