-- maxwell-ltrf: the Maxwell-like baseline GPU of the LTRF paper (seed 004,
-- Table 3, GPGPU-Sim 3.2.2). What the paper leaves open comes from the
-- GPGPU-Sim GTX480 machine of `fermi`. The GDDR5 timings are given in ns
-- and are converted to cycles of the 2700 MHz memory clock, rounded up.
-- docs/presets.md lists every value with its source and the arithmetic.
return {
  base = "fermi",
  sm = {
    count = 24,              -- Table 3
    clock_mhz = 1137,        -- Table 3
    max_threads = 2048,      -- Table 3: 64 warps x 32
    max_warps = 64,          -- Table 3
    max_ctas = 32,           -- Maxwell limit (compute capability 5.x), not in the paper
    registers = 65536,       -- Table 3: 256 KB
    shared_bytes = 65536,    -- Table 3: 64 KB
    schedulers = 2,          -- GPGPU-Sim
  },
  -- Table 3: two-level, 8 active warps per SM = 2 schedulers x 4; a warp
  -- becomes inactive on a data cache miss (section 3.2), and only warps
  -- not waiting on memory are activated (docs/presets.md)
  sched = { policy = "two-level", active_warps = 4, leave_on = "miss",
            refill = "skip-memory" },
  rf = {
    banks = 16,              -- Table 2 and section 2: 16 banks
    -- Figure 5: 16 operand collectors, GPGPU-Sim's 6 SP + 8 SFU + 2
    -- memory units (fermi's pools)
    collectors = 6,
  },
  l1d = { size = 16384, ways = 4, line = 128 },  -- Table 3
  l2 = {
    slices = 16,             -- GPGPU-Sim: 2 slices per memory controller
    size = 131072,           -- Table 3: 2 MB LLC = 16 x 128 KB
    ways = 8,                -- Table 3
    line = 128,              -- Table 3
    -- GPGPU-Sim 3.2.2 has fermi's mechanisms but not 4.x's sectored L2
    -- or its L2 warm-up by host-to-device copies
    sectored = false,
    warm_on_write = false,
  },
  dram = {
    channels = 8,            -- Table 3: 8 GDDR5 controllers, FR-FCFS
    clock_mhz = 2700,        -- Table 3
    tCL = 33,                -- Table 3: 12 ns x 2.7 = 32.4
    tRCD = 33,               -- Table 3: 12 ns
    tRP = 33,                -- Table 3: 12 ns
    tRAS = 76,               -- Table 3: 28 ns x 2.7 = 75.6
    burst = 4,               -- default: the paper gives no bus width
    -- the paper gives tCL, tRCD, tRP and tRAS only: the command model's
    -- other timings (fermi's are GTX480 ones, in 924 MHz cycles) are
    -- unknown for this memory, so the request model times it
    model = "request",
  },
  ltrf = { regs_per_interval = 16 },  -- Table 3
}
