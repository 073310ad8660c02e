-- maxwell-ltrf: the Maxwell-class GPU of the LTRF paper (seed 004, Table 3):
-- 24 SMs, 64 warps (2048 threads) per SM, a 256 KB register file (65536
-- registers) and 64 KB of shared memory per SM; 32 CTAs per SM as on
-- Maxwell.
return {
  sm = {
    count = 24,
    max_threads = 2048,
    max_warps = 64,
    max_ctas = 32,
    registers = 65536,
    shared_bytes = 65536,
  },
}
