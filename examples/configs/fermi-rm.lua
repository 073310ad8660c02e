-- fermi-rm: the SRAM baseline of the racetrack register-file paper
-- (seed 001, Table 2, GPGPU-Sim). It shares the GTX480 machine of `fermi`
-- and differs in the register-file banks, the scheduling policy and the
-- register-file energy. Its Table 1 occupancy figures follow from the SM
-- limits. docs/presets.md lists every value with its source.
return {
  base = "fermi",
  sm = {
    count = 15,              -- Table 2
    clock_mhz = 700,         -- Table 2
    max_threads = 1536,      -- Table 2
    max_warps = 48,          -- 1536 threads / 32
    max_ctas = 8,            -- Table 2
    registers = 32768,       -- Table 2: 128 KB
    shared_bytes = 49152,    -- Table 2: 48 KB
    schedulers = 2,          -- Table 2
  },
  sched = { policy = "lrr" },  -- Table 2: round-robin
  -- Table 2: 16-bank register file; section 2.3: at most 4 of the 16
  -- banks are accessed in a cycle (Fermi), for the SRAM file as for the
  -- racetrack one (racetrack.arbiter)
  rf = { banks = 16, arbiter = 4 },
  l1d = {
    size = 16384,            -- Table 2: 16/32 KB (16 KB here)
    ways = 4,                -- Table 2
    line = 128,              -- Table 2
    repl = "lru",            -- Table 2
    mshrs = 32,              -- Table 2
  },
  -- Table 2: 768 KB = 12 x 64 KB. GPGPU-Sim 3.2.2, the paper's simulator,
  -- has fermi's mechanisms but not 4.x's sectored L2 or its L2 warm-up.
  l2 = { slices = 12, size = 65536, sectored = false, warm_on_write = false },
  -- Table 3, SRAM row: 218.88 pJ read, 57.28 pJ write, 12.31 mW leakage
  -- for the whole 16-bank register file (12.31 / 16 per bank)
  energy = { rf_read = 218.88, rf_write = 57.28, rf_leak_mw = 0.769375 },
  -- The racetrack register file of the same paper (design = "racetrack"):
  -- 256 KB in 16 banks (Table 3), 8 ports per bank (section 4.3.3), 64
  -- domains per stripe so a tape holds the paper's N_r = 64 registers;
  -- Table 3 latencies (ns, rounded up to 700 MHz cycles: all one cycle)
  -- and energies; a 2-entry write buffer per bank and 4 of 16 banks
  -- accessed per cycle (section 2.3).
  racetrack = {
    banks = 16, ports = 8, size = 262144, domains = 64,
    arbiter = 4, write_buffer = 2,
    read_ns = 0.28, write_ns = 1.24, shift_ns = 0.61,
    read_pj = 117.12, write_pj = 173.22, shift_pj = 56.16, leak_mw = 7.95,
    wb_read_pj = 15.60, wb_write_pj = 14.60, wb_leak_mw = 1.12,
  },
}
