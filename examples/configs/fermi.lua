-- fermi: the Fermi GPU of the CERF paper (seed 000, Table I), simulated
-- there with GPGPU-Sim 3.2.2. Values the paper does not give come from
-- GPGPU-Sim's GTX480 configuration ("GPGPU-Sim" below), and the model's
-- mechanisms are GPGPU-Sim's (docs/validation.md compares this preset
-- with GPGPU-Sim 4.2's GTX480, whose sectored L2 and L2 warm-up it
-- therefore has; the papers' own presets follow GPGPU-Sim 3.2.2). The
-- energy keys keep their defaults, which are CERF Table III.
-- docs/presets.md lists every value with its source.
return {
  sm = {
    count = 15,              -- CERF Table I
    max_threads = 1536,      -- CERF Table I
    max_warps = 48,          -- CERF Table I
    max_ctas = 8,            -- CERF Table I
    registers = 32768,       -- CERF Table I: 128 KB register file
    shared_bytes = 49152,    -- CERF Table I: 48 KB
    clock_mhz = 700,         -- GPGPU-Sim core clock (1400 MHz shader clock / 2)
    schedulers = 2,          -- CERF Table I
    sp_units = 2,            -- GPGPU-Sim
    sfu_units = 1,           -- GPGPU-Sim
    ibuffer = 2,             -- GPGPU-Sim: 2-entry instruction buffer per warp
    oc_pipeline = true,      -- GPGPU-Sim: ID_OC, OC_EX, EX_WB pipeline registers
  },
  -- GPGPU-Sim uses ptxas's register count for occupancy
  occupancy = { regs = "ptxas" },
  sched = { policy = "gto" },  -- CERF Table I
  -- GPGPU-Sim opcode latencies / initiation intervals (int ADD, int MAD,
  -- fp MAD, dp, SFU = dp MUL, int DIV)
  lat = { int = 4, imul = 5, fp32 = 5, fp64 = 8, sfu = 8, div = 145 },
  ii = { sp = 1, fp64 = 8, sfu = 8, div = 8 },
  rf = {
    banks = 32,              -- CERF Table I
    collectors = 6,          -- GPGPU-Sim: 6 SP collector units
    collectors_sfu = 8,      -- GPGPU-Sim: 8 SFU collector units
    collectors_mem = 2,      -- GPGPU-Sim: 2 memory collector units (default)
    collector_reads = 1,     -- GPGPU-Sim: one operand per collector per cycle
  },
  shmem = {
    banks = 32,              -- GPGPU-Sim
    latency = 26,            -- GPGPU-Sim (GTX480 config, -gpgpu_smem_latency)
  },
  l1d = {
    size = 16384,            -- CERF Table I: 16 KB
    ways = 4,                -- CERF Table I
    line = 128,              -- CERF Table I
    repl = "lru",            -- CERF Table I
    latency = 35,            -- GPGPU-Sim (GTX480 config, -gpgpu_l1_latency)
    mshrs = 32,              -- GPGPU-Sim dl1 A:32:8, miss queue 8
    mshr_merge = 8,
    miss_queue = 8,
    allocate = "miss",       -- GPGPU-Sim dl1 L:L:m:N:H: allocate on miss,
    write_allocate = false,  -- no write-allocate,
    set_hash = "fermi",      -- Fermi set-index hash
  },
  -- GPGPU-Sim interconnect; latency: default. Its crossbar queues packets
  -- at the inputs: one for a busy SM or slice holds up those behind it
  icnt = { flit = 32, queues = "input" },
  l2 = {
    slices = 12,             -- CERF Table I: 64 KB x 12
    size = 65536,            -- CERF Table I: 64 KB per slice
    ways = 8,                -- CERF Table I
    line = 128,              -- CERF Table I
    latency = 120,           -- GPGPU-Sim ROP latency
    mshrs = 32,              -- GPGPU-Sim dl2 A:32:4
    allocate = "miss",       -- GPGPU-Sim dl2 L:B:m: allocate on miss
    sectored = true,         -- GPGPU-Sim 4.x dl2 S: 32-byte sectors
    warm_on_write = true,    -- GPGPU-Sim 4.x -gpgpu_perf_sim_memcpy 1
    write_ack = true,        -- GPGPU-Sim: WRITE_ACK per sector, stores_done
  },
  dram = {
    channels = 6,            -- GPGPU-Sim: 6 channels x 2 L2 slices
    banks = 16,              -- GPGPU-Sim GDDR5 timing (nbk)
    row_bytes = 4096,        -- GPGPU-Sim address map: 12 column bits
    clock_mhz = 924,         -- GPGPU-Sim DRAM clock
    tCL = 12, tRCD = 12, tRAS = 28, tRP = 12,  -- GPGPU-Sim GDDR5 timing
    burst = 1,               -- GPGPU-Sim: 8-byte QDR bus = 32 B per DRAM cycle
    queue = 16,              -- GPGPU-Sim FR-FCFS queue
    -- GPGPU-Sim's command-level GDDR model and GTX480 timings
    -- (-gpgpu_dram_timing_opt, DRAM cycles), the L2-to-DRAM latency
    -- queue (-dram_latency) and the return queue
    model = "command",
    atom = 64,               -- burst length 8 x 4 B x 2 chips per channel
    tCCD = 2, tRRD = 6, tRC = 40, tWL = 4, tCDLR = 5, tWR = 12,
    bank_groups = 1, tCCDL = 0, tRTPL = 0,
    latency = 100,
    return_queue = 116,
  },
  -- CERF's tagging stage is hidden by its extra pipeline stage (the paper)
  cerf = { tag_stage_cycles = 0 },
}
