-- teach: the default preset. One small SM whose state fits an 80x24
-- terminal: 16 warps (512 threads), 8 CTAs, a 128 KB register file and
-- 48 KB of shared memory. These are also the built-in defaults of every
-- key (`warpscope --help config`); the file lists them so that they can be
-- read and copied.
return {
  sm = {
    count = 1,
    max_threads = 512,
    max_warps = 16,
    max_ctas = 8,
    registers = 32768,
    shared_bytes = 49152,
  },
}
