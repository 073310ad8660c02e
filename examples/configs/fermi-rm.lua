-- fermi-rm: the baseline of the racetrack register-file paper (seed 001,
-- Table 2): 15 SMs, 1536 threads and 8 CTAs per SM, 48 KB of shared memory,
-- a 128 KB SRAM register file (32768 registers). Its Table 1 occupancy
-- figures follow from these limits.
return {
  base = "fermi",
  sm = {
    count = 15,
    max_threads = 1536,
    max_warps = 48,
    max_ctas = 8,
    registers = 32768,
    shared_bytes = 49152,
  },
}
