-- teach: the default preset. One small SM whose state fits an 80x24
-- terminal: 16 warps (512 threads), 8 CTAs, 8 register-file banks, a 4 KB
-- 4-way L1D and two 32 KB L2 slices. These are the built-in defaults of
-- every key (`warpscope --help config`); the file lists them so that they
-- can be read and copied. Not repeated: the energy keys (CERF Table III),
-- rf.bank_map and the l1d.write_* policies.
-- docs/presets.md says where each value comes from.
return {
  sm = {
    count = 1, max_threads = 512, max_warps = 16, max_ctas = 8,
    registers = 32768, shared_bytes = 49152,
    clock_mhz = 700, schedulers = 2, sp_units = 2, sfu_units = 1,
  },
  sched = { policy = "gto", active_warps = 8 },
  lat = { int = 4, imul = 5, fp32 = 5, fp64 = 8, sfu = 20, div = 145 },
  ii = { sp = 2, fp64 = 8, sfu = 8, div = 8 },
  rf = { banks = 8, collectors = 8 },
  shmem = { banks = 32, latency = 24 },
  l1d = { size = 4096, ways = 4, line = 128, repl = "lru", latency = 20,
          mshrs = 32, mshr_merge = 8, miss_queue = 8 },
  icnt = { latency = 10, flit = 32 },
  l2 = { slices = 2, size = 32768, ways = 8, line = 128, latency = 60,
         mshrs = 32 },
  dram = { channels = 2, banks = 16, row_bytes = 2048, clock_mhz = 924,
           tCL = 12, tRCD = 12, tRAS = 28, tRP = 12, burst = 4, queue = 32 },
}
