-- fermi-fuse: the GPU of the FUSE paper (seed 003, Table I and section V,
-- GPGPU-Sim 3.2.2 with GTX480 latency models) with its baseline L1D,
-- L1-SRAM, and the parameters of its other L1Ds for design fuse. The paper gives 32 KB register files per SM; the GTX480
-- model it builds on has 32768 registers (128 KB), which is used here.
-- docs/presets.md lists every value with its source.
return {
  base = "fermi",
  sm = {
    count = 15,              -- Table I
    max_threads = 1536,      -- Table I / section V: 48 warps x 32
    max_warps = 48,          -- Table I
    max_ctas = 8,            -- Table I
    registers = 32768,       -- GPGPU-Sim GTX480 (see above)
    shared_bytes = 49152,    -- GPGPU-Sim GTX480
  },
  rf = { banks = 16 },       -- GPGPU-Sim (the paper gives no RF banking)
  l1d = {
    size = 32768,            -- Table I, L1-SRAM: 32 KB
    ways = 4,                -- Table I, L1-SRAM: 64 sets x 4 ways
    line = 128,              -- 32 KB / (64 x 4); 128-byte swap-buffer entries
    latency = 1,             -- Table I: SRAM read/write 1 cycle
    write_global = "back",   -- section VI: the L1D is write-back
  },
  l2 = {
    slices = 12,             -- section V: 12 L2 banks, 2 per DRAM channel
    size = 65536,            -- Table I: 64 sets x 8 ways x 128 B per bank
    ways = 8,                -- Table I
    latency = 121,           -- GPGPU-Sim ROP latency 120 + Table I 1-cycle L2
    -- GPGPU-Sim 3.2.2 has fermi's mechanisms but not 4.x's sectored L2
    -- or its L2 warm-up by host-to-device copies
    sectored = false,
    warm_on_write = false,
  },
  dram = {
    channels = 6,            -- Table I
    tCL = 12, tRCD = 12, tRAS = 28,  -- Table I
  },
  -- Table I, L1-SRAM: 0.15 / 0.12 nJ per read / write access, 58 mW leakage
  energy = { l1d_read = 150, l1d_write = 120, l1d_leak_mw = 58 },
  -- The FUSE L1Ds of the same table (design = "fuse", fuse.variant picks
  -- the column; the banks' sizes, ways and energies follow the variant):
  fuse = {
    stt_read_cycles = 1,     -- Table I: STT-MRAM read 1 cycle
    stt_write_cycles = 5,    -- Table I: STT-MRAM write 5 cycles
    tag_queue = 16,          -- Table I: request queue 16
    swap_buffer = 3,         -- Table I: 3 swap-buffer entries
    comparators = 4,         -- Table I, FA-FUSE: 1 sense amplifier / 4 comparators
    cbf_count = 128,         -- Table I: 128 CBFs
    cbf_hashes = 3,          -- Table I: 3 hash functions
    cbf_counters = 16,       -- section IV-C: 16 2-bit counters each, 512 B
    sampler_sets = 4,        -- Table I: sampler 8-way, 4 sets
    sampler_ways = 8,
    history_entries = 512,   -- section IV-B: 512 entries indexed by the 9-bit
                             -- signature (Table I says 1024, which a 9-bit
                             -- signature cannot index; see docs/presets.md)
    unused_th = 14,          -- Table I: threshold 14
  },
}
