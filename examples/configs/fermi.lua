-- fermi: the Fermi-class GPU of the CERF paper (seed 000, Table I):
-- 15 SMs, 1536 threads / 48 warps / 8 CTAs per SM, a 128 KB register file
-- (32768 registers) and 48 KB of shared memory per SM.
return {
  sm = {
    count = 15,
    max_threads = 1536,
    max_warps = 48,
    max_ctas = 8,
    registers = 32768,
    shared_bytes = 49152,
  },
}
