-- fermi-tc: the Fermi-based GPU of the tinyCache paper (seed 002, Table 1;
-- the paper simulates it with ESESC). Inherits the GTX480 machine of
-- `fermi` for what the paper leaves open. The paper's 8 MB LLC has no
-- counterpart in the model (L2 misses go to memory), and its memory
-- (18 GB/s, 50 ns) is mapped onto one DRAM channel. ESESC is not
-- GPGPU-Sim: the GPGPU-Sim mechanisms `fermi` turns on (front end,
-- operand collection, cache policies, sectored L2, GDDR command model,
-- input-queued crossbar, store acknowledgements, ptxas-count occupancy)
-- are turned off again. docs/presets.md lists
-- every value with its source and the arithmetic. The tinyCache itself is
-- design tinycache (--set design=tinycache).
return {
  base = "fermi",
  sm = {
    count = 4,               -- Table 1
    clock_mhz = 1500,        -- Table 1: 1.5 GHz
    max_threads = 768,       -- Table 1: 24 warps x 32
    max_warps = 24,          -- Table 1
    max_ctas = 8,            -- Table 1
    shared_bytes = 49152,    -- Table 1: 48 KB scratchpad
    -- Table 1: 32 lanes, one warp-instruction per cycle: two 16-lane
    -- pipelines, each taking a warp every 2 cycles (ii.sp = 2)
    sp_units = 2,
    ibuffer = 0, oc_pipeline = false,      -- not GPGPU-Sim (see above)
  },
  occupancy = { regs = "allocated" },
  icnt = { queues = "output" },            -- not GPGPU-Sim (see above)
  -- section 4: single-level round robin that switches warps at memory
  -- operations
  sched = { policy = "lrr-mem" },
  -- GPGPU-Sim latencies (700 MHz cycles) in 1500 MHz cycles: ceil(x * 15 / 7)
  lat = { int = 9, imul = 11, fp32 = 11, fp64 = 18, sfu = 18, div = 311 },
  ii = { sp = 2, fp64 = 18, sfu = 18, div = 18 },
  rf = {
    banks = 16,              -- GPGPU-Sim (the paper gives no RF banking)
    -- one pool of 16 collectors (6 + 8 + 2), no per-collector read limit
    collectors = 16, collectors_sfu = 0, collectors_mem = 0, collector_reads = 0,
  },
  shmem = { banks = 8, latency = 18 },  -- Table 1: 48 KB / 8 banks / 18 cycles
  l1d = {
    size = 32768,            -- Table 1: 32 KB
    ways = 8,                -- Table 1
    line = 128,              -- Table 1
    latency = 18,            -- Table 1
    allocate = "fill", write_allocate = true, set_hash = "linear",
  },
  l2 = {
    slices = 2,              -- GPGPU-Sim: 2 L2 slices per channel
    size = 131072,           -- Table 1: 256 KB per die = 2 x 128 KB
    ways = 16,               -- Table 1
    line = 128,              -- Table 1
    latency = 7,             -- Table 1
    allocate = "fill", sectored = false, warm_on_write = false,
    write_ack = false,       -- not GPGPU-Sim (see above)
  },
  dram = {
    channels = 1,            -- Table 1: one memory of 18 GB/s
    clock_mhz = 1125,        -- 32 B every 2 cycles at 1125 MHz = 18.0 GB/s
    burst = 2,
    tCL = 56,                -- Table 1: 50 ns = 56.25 cycles at 1125 MHz
    tRCD = 1, tRP = 1, tRAS = 1,  -- no row-buffer effects in the paper's memory
    model = "request", latency = 0,        -- not GPGPU-Sim (see above)
  },
  -- The paper's energy covers the whole on-chip memory hierarchy, shared
  -- memory and the coalescer included (Fig. 1), but gives no per-access
  -- values; both are guesses from the L1D's CERF Table III energies
  -- (docs/presets.md).
  energy = {
    shmem_wave = 0.18,       -- a wave of 8 banks x 4 B at an L1D read's 0.72 pJ per 128 B
    coalescer = 1.19,        -- as much as an L1D access (data 0.72 + tag 0.47)
  },
}
