-- fermi: the Fermi GPU of the CERF paper (seed 000, Table I), simulated
-- there with GPGPU-Sim 3.2.2. Values the paper does not give come from
-- GPGPU-Sim's GTX480 configuration ("GPGPU-Sim" below). The energy keys
-- keep their defaults, which are CERF Table III. docs/presets.md lists
-- every value with its source.
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
  },
  sched = { policy = "gto" },  -- CERF Table I
  -- GPGPU-Sim opcode latencies / initiation intervals (int ADD, int MAD,
  -- fp MAD, dp, SFU = dp MUL, int DIV)
  lat = { int = 4, imul = 5, fp32 = 5, fp64 = 8, sfu = 8, div = 145 },
  ii = { sp = 1, fp64 = 8, sfu = 8, div = 8 },
  rf = {
    banks = 32,              -- CERF Table I
    collectors = 16,         -- GPGPU-Sim: 6 SP + 8 SFU + 2 MEM collector units
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
  },
  icnt = { flit = 32 },      -- GPGPU-Sim interconnect; latency: default
  l2 = {
    slices = 12,             -- CERF Table I: 64 KB x 12
    size = 65536,            -- CERF Table I: 64 KB per slice
    ways = 8,                -- CERF Table I
    line = 128,              -- CERF Table I
    latency = 120,           -- GPGPU-Sim ROP latency
    mshrs = 32,              -- GPGPU-Sim dl2 A:32:4
  },
  dram = {
    channels = 6,            -- GPGPU-Sim: 6 channels x 2 L2 slices
    banks = 16,              -- GPGPU-Sim GDDR5 timing (nbk)
    row_bytes = 4096,        -- GPGPU-Sim address map: 12 column bits
    clock_mhz = 924,         -- GPGPU-Sim DRAM clock
    tCL = 12, tRCD = 12, tRAS = 28, tRP = 12,  -- GPGPU-Sim GDDR5 timing
    burst = 1,               -- GPGPU-Sim: 8-byte QDR bus = 32 B per DRAM cycle
    queue = 16,              -- GPGPU-Sim FR-FCFS queue
  },
}
