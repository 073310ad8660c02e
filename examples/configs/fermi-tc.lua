-- fermi-tc: the GPU of the tinyCache paper (seed 002, Table 1): 4 SMs,
-- at most 8 blocks and 24 warps per SM, 48 KB of scratchpad (shared)
-- memory per SM. The register file size is not given; Fermi's 32768
-- registers are used.
return {
  base = "fermi",
  sm = {
    count = 4,
    max_threads = 768,
    max_warps = 24,
    max_ctas = 8,
    registers = 32768,
    shared_bytes = 49152,
  },
}
