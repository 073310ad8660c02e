-- occupancy.regs = ptxas needs ptxas's count recorded beside the PTX;
-- data/faults.ptx has no faults.ptxas.
ws.config{ ["occupancy.regs"] = "ptxas" }
local m = ws.load_ptx("data/faults.ptx")
ws.launch(m, "half_barrier", { grid = 1, block = 96 })
ws.run()
