-- fermi-fuse: the GPU of the FUSE paper (seed 003, Table I and section V):
-- 15 SMs, 48 warps (1536 threads) and 8 CTAs per SM. The paper writes
-- "32KB register files"; GPGPU-Sim's Fermi model it builds on has 32768
-- registers (128 KB), which is what this preset uses.
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
