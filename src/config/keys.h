/*
** keys.h - the one table of configuration keys.
** X(id, name, type, default, min, max, values, doc)
**   type: CT_INT, CT_FLOAT, CT_BOOL, CT_ENUM (values "a|b|c"), CT_STRING
**   default: text, parsed like a --set value (so defaults are validated)
** This table drives parsing, validation, presets, `warpscope --help config`
** and the config hash. Add a key here and nowhere else. Keys exist only
** once the model reads them; values of `design` are the implemented
** designs.
*/
#ifndef WS_CONFIG_KEYS_H
#define WS_CONFIG_KEYS_H

#define WS_CONFIG_KEYS(X)                                                      \
    X(PRESET, "preset", CT_STRING, "teach", 0, 0, NULL,                        \
      "preset loaded before all other keys: a name from examples/configs/ or a path to a .lua file") \
    X(DESIGN, "design", CT_ENUM, "baseline", 0, 0,                             \
      "baseline|cerf|unified|racetrack|ideal-rf|fuse|tinycache|ltrf",                      \
      "register-file / L1D organisation")                                      \
    X(SM_COUNT, "sm.count", CT_INT, "1", 1, 1024, NULL,                        \
      "streaming multiprocessors")                                             \
    X(SM_MAX_THREADS, "sm.max_threads", CT_INT, "512", 32, 65536, NULL,        \
      "resident threads per SM")                                               \
    X(SM_MAX_WARPS, "sm.max_warps", CT_INT, "16", 1, 2048, NULL,               \
      "resident warps per SM")                                                 \
    X(SM_MAX_CTAS, "sm.max_ctas", CT_INT, "8", 1, 256, NULL,                   \
      "resident CTAs (thread blocks) per SM")                                  \
    X(SM_CTAS_LIMIT, "sm.ctas_limit", CT_INT, "0", 0, 256, NULL,              \
      "TLP throttle: resident CTAs per SM at most this many (0: sm.max_ctas alone decides)") \
    X(SM_REGISTERS, "sm.registers", CT_INT, "32768", 256, 16777216, NULL,      \
      "32-bit registers per SM (register file size / 4 bytes)")                \
    X(SM_SHARED_BYTES, "sm.shared_bytes", CT_INT, "49152", 0, 16777216, NULL,  \
      "shared memory per SM in bytes")                                         \
    X(SIM_MODE, "sim.mode", CT_ENUM, "timing", 0, 0, "timing|functional",      \
      "timing: cycle-level model; functional: results and instruction counts only, fastest") \
    X(SIM_SKIP_IDLE, "sim.skip_idle", CT_BOOL, "true", 0, 0, NULL,             \
      "skip cycles in which no component can act (results are identical either way)") \
    X(SIM_THREADS, "sim.threads", CT_INT, "1", 1, 64, NULL,                   \
      "host threads simulating the SMs of a cycle at once (statistics are byte-identical for every value)") \
    X(MAX_CYCLES, "limit.cycles", CT_INT, "200000000", 1, 1000000000000000, NULL, \
      "cycles one ws.run() may simulate before it stops with an error")        \
    X(WORKLOAD_SIZE, "workload.size", CT_ENUM, "test", 0, 0, "test|paper",    \
      "problem size the suite workloads (examples/suite/) and the example scenarios of the paper benchmarks (atax, bicg, mvt, gemm, conv2d, pathfinder, histogram) choose: test runs in seconds, paper fills every SM of the preset") \
    X(SEED, "seed", CT_INT, "1", 0, 4294967295, NULL,                          \
      "seed of the random number generator (random cache replacement)")       \
    X(SM_CLOCK_MHZ, "sm.clock_mhz", CT_INT, "700", 1, 10000, NULL,             \
      "core clock in MHz (converts DRAM timings and energy leakage)")         \
    X(SM_SCHEDULERS, "sm.schedulers", CT_INT, "2", 1, 8, NULL,                 \
      "warp schedulers per SM; warp w belongs to scheduler w mod N")          \
    X(SCHED_POLICY, "sched.policy", CT_ENUM, "gto", 0, 0,                     \
      "gto|lrr|two-level|lrr-mem",                                             \
      "warp scheduling: greedy-then-oldest, loose round-robin, two-level (active pool), or round-robin switching warps at memory instructions (lrr-mem)") \
    X(SCHED_ACTIVE_WARPS, "sched.active_warps", CT_INT, "8", 1, 64, NULL,      \
      "two-level scheduling: warps per scheduler in the active pool")         \
    X(SCHED_LEAVE_ON, "sched.leave_on", CT_ENUM, "issue", 0, 0, "issue|miss",  \
      "two-level: a warp leaves the active pool for a global or local load or atomic when it issues one (issue), or when one misses in the L1D and when it waits for one that missed (miss)") \
    X(SCHED_REFILL, "sched.refill", CT_ENUM, "any", 0, 0, "any|skip-memory",   \
      "two-level: the active pool refills with the oldest warps that can run (any) or only with those not waiting for memory: no missed load outstanding, next instruction not waiting for a load (skip-memory)") \
    X(SM_SP_UNITS, "sm.sp_units", CT_INT, "2", 1, 16, NULL,                    \
      "SP (integer/float) pipelines per SM, each taking one warp-instruction per initiation interval") \
    X(SM_SFU_UNITS, "sm.sfu_units", CT_INT, "1", 1, 16, NULL,                  \
      "SFU (transcendental) pipelines per SM")                                 \
    X(LAT_INT, "lat.int", CT_INT, "4", 1, 1000, NULL,                          \
      "latency of integer/logic/move instructions (cycles)")                  \
    X(LAT_IMUL, "lat.imul", CT_INT, "5", 1, 1000, NULL,                        \
      "latency of integer multiply and multiply-add")                         \
    X(LAT_FP32, "lat.fp32", CT_INT, "5", 1, 1000, NULL,                        \
      "latency of f32 add/mul/fma and conversions")                           \
    X(LAT_FP64, "lat.fp64", CT_INT, "8", 1, 1000, NULL,                        \
      "latency of f64 arithmetic")                                            \
    X(LAT_SFU, "lat.sfu", CT_INT, "20", 1, 1000, NULL,                         \
      "latency of SFU instructions (rcp, sqrt, sin, ex2, ...)")                \
    X(LAT_DIV, "lat.div", CT_INT, "145", 1, 10000, NULL,                       \
      "latency of integer division/remainder and IEEE division")              \
    X(II_SP, "ii.sp", CT_INT, "2", 1, 64, NULL,                                \
      "initiation interval of an SP pipeline (cycles between warp-instructions)") \
    X(II_FP64, "ii.fp64", CT_INT, "8", 1, 256, NULL,                           \
      "initiation interval of f64 instructions on an SP pipeline")            \
    X(II_SFU, "ii.sfu", CT_INT, "8", 1, 256, NULL,                             \
      "initiation interval of an SFU pipeline")                               \
    X(II_DIV, "ii.div", CT_INT, "8", 1, 1024, NULL,                            \
      "initiation interval of division on an SP pipeline")                    \
    X(RF_BANKS, "rf.banks", CT_INT, "8", 1, 64, NULL,                          \
      "register-file banks; warp w's register r is in bank (w + r) mod banks") \
    X(RF_BANK_MAP, "rf.bank_map", CT_ENUM, "warp+reg", 0, 0, "warp+reg|reg",     \
      "register-to-bank mapping: (warp slot + register) mod banks, or register mod banks") \
    X(RF_ARBITER, "rf.arbiter", CT_INT, "0", 0, 64, NULL,                     \
      "register-file banks served per cycle, round-robin (0: every bank; Fermi: 4 of 16)") \
    X(SM_IBUFFER, "sm.ibuffer", CT_INT, "0", 0, 16, NULL,                     \
      "instructions per warp buffer, filled by a fetch stage that serves one warp per cycle; a warp issues only from its buffer (GPGPU-Sim: 2); 0: ideal fetch, the next instruction is always there") \
    X(SM_OC_PIPELINE, "sm.oc_pipeline", CT_BOOL, "false", 0, 0, NULL,        \
      "GPGPU-Sim's pipeline registers around the operand collector: reads begin 2 cycles after issue, an ALU result is written back latency + 4 cycles after the last operand read (memory instructions reach the LD/ST unit 3 cycles after it, their results 1 cycle after they are ready); branches, barriers and exits take an SP collector and pipeline") \
    X(RF_COLLECTORS, "rf.collectors", CT_INT, "8", 1, 64, NULL,                \
      "operand collector units per SM (instructions gathering operands at once); with rf.collectors_sfu or rf.collectors_mem set, those of the SP pipelines") \
    X(RF_COLLECTORS_SFU, "rf.collectors_sfu", CT_INT, "0", 0, 64, NULL,        \
      "operand collector units of SFU instructions (0: they share rf.collectors)") \
    X(RF_COLLECTORS_MEM, "rf.collectors_mem", CT_INT, "0", 0, 64, NULL,        \
      "operand collector units of memory instructions (0: they share rf.collectors)") \
    X(RF_COLLECTOR_READS, "rf.collector_reads", CT_INT, "0", 0, 16, NULL,      \
      "operands one collector receives per cycle (0: no limit; GPGPU-Sim's allocator: 1)") \
    X(SHMEM_BANKS, "shmem.banks", CT_INT, "32", 1, 64, NULL,                   \
      "shared-memory banks of 4 bytes")                                       \
    X(SHMEM_LATENCY, "shmem.latency", CT_INT, "24", 1, 1000, NULL,             \
      "shared-memory access latency after bank serialisation (cycles)")       \
    X(L1D_SIZE, "l1d.size", CT_INT, "4K", 0, 16777216, NULL,                   \
      "L1 data cache bytes per SM (0: no L1D)")                               \
    X(L1D_WAYS, "l1d.ways", CT_INT, "4", 1, 1024, NULL, "L1D associativity")  \
    X(L1D_LINE, "l1d.line", CT_INT, "128", 32, 128, NULL, "L1D line bytes (at most l2.line)")  \
    X(L1D_REPL, "l1d.repl", CT_ENUM, "lru", 0, 0, "lru|fifo|random",           \
      "L1D replacement policy")                                               \
    X(L1D_WRITE_GLOBAL, "l1d.write_global", CT_ENUM, "evict", 0, 0, "evict|through|back", \
      "L1D policy for global stores: write-evict (no allocate), write-through (update a present line, no allocate), write-back (allocate dirty)") \
    X(L1D_WRITE_LOCAL, "l1d.write_local", CT_ENUM, "back", 0, 0, "evict|through|back", \
      "L1D policy for local-memory stores (spills, stack frames)") \
    X(L1D_LATENCY, "l1d.latency", CT_INT, "20", 1, 1000, NULL,                 \
      "L1D hit latency (cycles from the LD/ST unit to the data)")             \
    X(L1D_PERFECT, "l1d.perfect", CT_BOOL, "false", 0, 0, NULL,               \
      "every L1D load hits (for profiling without cache contention)")         \
    X(L1D_MSHRS, "l1d.mshrs", CT_INT, "32", 1, 1024, NULL,                     \
      "L1D miss-status holding registers (outstanding missed lines)")         \
    X(L1D_MSHR_MERGE, "l1d.mshr_merge", CT_INT, "8", 1, 256, NULL,             \
      "requests one MSHR holds: the first miss to a line and those merged into it")       \
    X(L1D_MISS_QUEUE, "l1d.miss_queue", CT_INT, "8", 1, 1024, NULL,            \
      "L1D requests waiting to enter the interconnect")                       \
    X(L1D_ALLOCATE, "l1d.allocate", CT_ENUM, "fill", 0, 0, "fill|miss",        \
      "when a load miss takes its L1D way: at the fill, or at the miss (GPGPU-Sim's allocate-on-miss: the victim leaves at once, and a miss whose set has every way awaiting a fill fails and retries)") \
    X(L1D_WRITE_ALLOCATE, "l1d.write_allocate", CT_BOOL, "true", 0, 0, NULL,   \
      "a write-back store to an absent line allocates it dirty (false: the store goes to L2, as GPGPU-Sim's no-write-allocate L1)") \
    X(L1D_SET_HASH, "l1d.set_hash", CT_ENUM, "linear", 0, 0, "linear|fermi",  \
      "L1D set index: (address / line) mod sets, or GPGPU-Sim's Fermi hash (bits 7-11 xor 13, 14, 15, 17, 19; 32 or 64 sets)") \
    X(ICNT_LATENCY, "icnt.latency", CT_INT, "10", 0, 10000, NULL,              \
      "interconnect latency in each direction (cycles)")                      \
    X(ICNT_FLIT, "icnt.flit", CT_INT, "32", 4, 1024, NULL,                     \
      "interconnect flit bytes; each port moves one flit per cycle")          \
    X(ICNT_QUEUES, "icnt.queues", CT_ENUM, "output", 0, 0, "output|input",     \
      "where a packet for a busy destination port waits: at the destination, the source sending on (output), or at the head of its source's queue, holding up the packets behind it (input: GPGPU-Sim's crossbar)") \
    X(L2_SLICES, "l2.slices", CT_INT, "2", 1, 256, NULL,                       \
      "L2 slices (banks), interleaved by line address")                       \
    X(L2_SIZE, "l2.size", CT_INT, "32K", 0, 1073741824, NULL,                  \
      "L2 bytes per slice (0: no L2)")                                        \
    X(L2_WAYS, "l2.ways", CT_INT, "8", 1, 1024, NULL, "L2 associativity")     \
    X(L2_LINE, "l2.line", CT_INT, "128", 32, 128, NULL, "L2 line bytes (one DRAM request: 32 to 128)")     \
    X(L2_LATENCY, "l2.latency", CT_INT, "60", 1, 10000, NULL,                  \
      "L2 hit latency inside a slice (cycles)")                               \
    X(L2_MSHRS, "l2.mshrs", CT_INT, "32", 1, 4096, NULL,                       \
      "MSHRs per L2 slice")                                                   \
    X(L2_SECTORED, "l2.sectored", CT_BOOL, "false", 0, 0, NULL,               \
      "L2 lines of 32-byte sectors with their own valid bits: requests are split into sectors, one sector access per slice per cycle, misses fetch sectors from DRAM (GPGPU-Sim's sector cache)") \
    X(L2_WARM_ON_WRITE, "l2.warm_on_write", CT_BOOL, "false", 0, 0, NULL,     \
      "host-to-device copies (buffer write and set) install their lines in the L2, clean, before the next run (GPGPU-Sim's -gpgpu_perf_sim_memcpy)") \
    X(L2_WRITE_ACK, "l2.write_ack", CT_BOOL, "false", 0, 0, NULL,            \
      "the L2 answers every unit (sector, or line) a store writes with a one-flit acknowledgement to its SM, and a warp retires only when its stores are acknowledged (GPGPU-Sim's WRITE_ACK and stores_done)") \
    X(L2_ALLOCATE, "l2.allocate", CT_ENUM, "fill", 0, 0, "fill|miss",          \
      "when an L2 miss takes its way: at the fill, or at the miss (the victim leaves at once; a miss to a set whose ways all await fills retries)") \
    X(DRAM_CHANNELS, "dram.channels", CT_INT, "2", 1, 64, NULL,                \
      "DRAM channels (memory controllers); each serves l2.slices / channels slices") \
    X(DRAM_BANKS, "dram.banks", CT_INT, "16", 1, 64, NULL, "banks per channel") \
    X(DRAM_ROW_BYTES, "dram.row_bytes", CT_INT, "2048", 256, 65536, NULL,      \
      "bytes per DRAM row (page)")                                            \
    X(DRAM_CLOCK_MHZ, "dram.clock_mhz", CT_INT, "924", 1, 10000, NULL,         \
      "DRAM command clock; tCL and friends are in these cycles")              \
    X(DRAM_TCL, "dram.tCL", CT_INT, "12", 1, 1000, NULL, "CAS latency (DRAM cycles)") \
    X(DRAM_TRCD, "dram.tRCD", CT_INT, "12", 1, 1000, NULL, "activate to read/write (DRAM cycles)") \
    X(DRAM_TRAS, "dram.tRAS", CT_INT, "28", 1, 1000, NULL, "activate to precharge (DRAM cycles)") \
    X(DRAM_TRP, "dram.tRP", CT_INT, "12", 1, 1000, NULL, "precharge (DRAM cycles)") \
    X(DRAM_BURST, "dram.burst", CT_INT, "4", 1, 1000, NULL,                    \
      "DRAM cycles the data bus is busy per 32-byte transfer")                \
    X(DRAM_QUEUE, "dram.queue", CT_INT, "32", 1, 4096, NULL,                   \
      "requests a channel's FR-FCFS scheduler can hold")                      \
    X(DRAM_LATENCY, "dram.latency", CT_INT, "0", 0, 100000, NULL,             \
      "fixed delay (core cycles) between an L2 slice and its DRAM channel's scheduler (GPGPU-Sim's -dram_latency)") \
    X(DRAM_MODEL, "dram.model", CT_ENUM, "request", 0, 0, "request|command",   \
      "DRAM channel model: request (each request's commands fixed when it issues, exact data bus) or command (one command per DRAM cycle under every timing constraint, as GPGPU-Sim; docs/dram.md)") \
    X(DRAM_ATOM, "dram.atom", CT_INT, "32", 32, 256, NULL,                     \
      "command model: bytes one column command moves (a smaller request still takes a whole one)") \
    X(DRAM_TCCD, "dram.tCCD", CT_INT, "1", 1, 1000, NULL,                       \
      "command model: column command to column command (DRAM cycles)")        \
    X(DRAM_TRRD, "dram.tRRD", CT_INT, "1", 1, 1000, NULL,                       \
      "command model: activate to activate, any banks (DRAM cycles)")         \
    X(DRAM_TRC, "dram.tRC", CT_INT, "1", 1, 1000, NULL,                         \
      "command model: activate to activate, same bank (DRAM cycles)")         \
    X(DRAM_TWL, "dram.tWL", CT_INT, "1", 1, 1000, NULL,                         \
      "command model: write latency (DRAM cycles)")                           \
    X(DRAM_TCDLR, "dram.tCDLR", CT_INT, "1", 1, 1000, NULL,                     \
      "command model: last write data to read command (DRAM cycles)")         \
    X(DRAM_TWR, "dram.tWR", CT_INT, "1", 1, 1000, NULL,                         \
      "command model: write recovery before precharge (DRAM cycles)")         \
    X(DRAM_BANK_GROUPS, "dram.bank_groups", CT_INT, "1", 1, 64, NULL,          \
      "command model: bank groups (bank b in group b mod groups)")            \
    X(DRAM_TCCDL, "dram.tCCDL", CT_INT, "0", 0, 1000, NULL,                     \
      "command model: column to column in one bank group (DRAM cycles)")      \
    X(DRAM_TRTPL, "dram.tRTPL", CT_INT, "0", 0, 1000, NULL,                     \
      "command model: read to precharge in one bank group (DRAM cycles)")     \
    X(DRAM_RETURN_QUEUE, "dram.return_queue", CT_INT, "116", 1, 4096, NULL,   \
      "command model: completed requests a channel holds before the L2 takes them, one per DRAM cycle (GPGPU-Sim's return queue)") \
    X(E_RF_READ, "energy.rf_read", CT_FLOAT, "4.62", 0, 1000000, NULL,          \
      "register-file read, pJ per bank access (one warp register)") \
    X(E_RF_WRITE, "energy.rf_write", CT_FLOAT, "5.97", 0, 1000000, NULL,          \
      "register-file write, pJ per bank access") \
    X(E_RF_LEAK, "energy.rf_leak_mw", CT_FLOAT, "1.78", 0, 1000000, NULL,          \
      "register-file leakage, mW per bank") \
    X(E_L1D_READ, "energy.l1d_read", CT_FLOAT, "0.72", 0, 1000000, NULL,          \
      "L1D data read, pJ per line access") \
    X(E_L1D_WRITE, "energy.l1d_write", CT_FLOAT, "0.61", 0, 1000000, NULL,          \
      "L1D data write (fill or store), pJ per line access") \
    X(E_L1D_LEAK, "energy.l1d_leak_mw", CT_FLOAT, "0.19", 0, 1000000, NULL,          \
      "L1D data array leakage per SM, mW") \
    X(E_L1D_TAG_READ, "energy.l1d_tag_read", CT_FLOAT, "0.47", 0, 1000000, NULL,          \
      "L1D tag lookup, pJ") \
    X(E_L1D_TAG_WRITE, "energy.l1d_tag_write", CT_FLOAT, "0.64", 0, 1000000, NULL,          \
      "L1D tag update (allocation), pJ") \
    X(E_L1D_TAG_LEAK, "energy.l1d_tag_leak_mw", CT_FLOAT, "0.20", 0, 1000000, NULL,          \
      "L1D tag array leakage per SM, mW") \
    X(E_L2_READ, "energy.l2_read", CT_FLOAT, "5.52", 0, 1000000, NULL,          \
      "L2 data read, pJ per line access") \
    X(E_L2_WRITE, "energy.l2_write", CT_FLOAT, "3.95", 0, 1000000, NULL,          \
      "L2 data write, pJ per line access") \
    X(E_L2_LEAK, "energy.l2_leak_mw", CT_FLOAT, "2.66", 0, 1000000, NULL,          \
      "L2 data array leakage per slice, mW") \
    X(E_L2_TAG_READ, "energy.l2_tag_read", CT_FLOAT, "1.05", 0, 1000000, NULL,          \
      "L2 tag lookup, pJ") \
    X(E_L2_TAG_WRITE, "energy.l2_tag_write", CT_FLOAT, "1.91", 0, 1000000, NULL,          \
      "L2 tag update, pJ") \
    X(E_L2_TAG_LEAK, "energy.l2_tag_leak_mw", CT_FLOAT, "0.80", 0, 1000000, NULL,          \
      "L2 tag array leakage per slice, mW") \
    X(E_SHMEM_WAVE, "energy.shmem_wave", CT_FLOAT, "0", 0, 1000000, NULL,     \
      "shared memory, pJ per bank wave (0: not modelled, no energy component)") \
    X(E_COALESCER, "energy.coalescer", CT_FLOAT, "0", 0, 1000000, NULL,       \
      "coalescer and address/data crossbar between the lanes and the L1D or shared memory, pJ per L1D transaction or shared-memory wave (0: not modelled, no energy component)") \
    X(REGS_PER_THREAD, "regs_per_thread", CT_INT, "0", 0, 255, NULL,           \
      "registers per thread used for occupancy; 0 = the count occupancy.regs chooses") \
    X(OCCUPANCY_REGS, "occupancy.regs", CT_ENUM, "allocated", 0, 0, "allocated|ptxas", \
      "registers per thread that occupancy counts, per kernel: ours (the allocation), or ptxas's (recorded in NAME.ptxas beside the PTX); the register file still holds our allocation") \
    X(LTRF_REGS_PER_INTERVAL, "ltrf.regs_per_interval", CT_INT, "16", 8, 256, \
      NULL, "registers a register-interval may use (N of the LTRF interval passes); ltrf: banks of the register-file cache, one register of each active warp per bank") \
    X(LTRF_VARIANT, "ltrf.variant", CT_ENUM, "ltrf", 0, 0,                     \
      "bl|rfc|ltrf|ltrf+|ideal",                                               \
      "ltrf: bl (main register file alone, with the cache's capacity added), rfc (hardware register cache), ltrf (register-interval prefetch), ltrf+ (prefetch and write back live registers only), ideal (main file's capacity at the 1x latency)") \
    X(LTRF_MAIN_CONFIG, "ltrf.main_config", CT_INT, "7", 1, 7, NULL,           \
      "ltrf: the main register file, a row of the paper's Table 2: 1 HP SRAM 1x, 2 HP SRAM 8x in 1x banks, 3 HP SRAM 8x banks, 4 LSTP 8x in 1x banks, 5 LSTP 8x banks, 6 TFET 8x banks, 7 DWM 8x banks") \
    X(LTRF_MAIN_LATENCY, "ltrf.main_latency", CT_FLOAT, "1", 0.001, 1000, NULL, \
      "ltrf: cycles of a main-register-file bank access at Table 2's 1x latency (the baseline banked file's: 1)") \
    X(LTRF_LATENCY_SCALE, "ltrf.latency_scale", CT_FLOAT, "0", 0, 1000, NULL,  \
      "ltrf: main-register-file latency as a multiple of ltrf.main_latency (0: Table 2's for ltrf.main_config; ideal: always 1)") \
    X(LTRF_XBAR_BITS, "ltrf.xbar_bits", CT_INT, "256", 32, 1024, NULL,         \
      "ltrf and ltrf+: bits the main register file's crossbar moves per cycle and bank port (a 1024-bit warp register takes 1024 / this many cycles; the paper narrows it from 1024 to 256)") \
    X(LTRF_WCB_CYCLES, "ltrf.wcb_cycles", CT_INT, "1", 0, 16, NULL,           \
      "ltrf: cycles the warp-control-block lookup adds to a register-file-cache access") \
    X(LTRF_WCB_PORTS, "ltrf.wcb_ports", CT_INT, "2", 1, 16, NULL,              \
      "ltrf: read ports of a warp control block's address table (an instruction with more operands looks them up over several cycles)") \
    X(LTRF_WCB_ENTRY_BITS, "ltrf.wcb_entry_bits", CT_INT, "5", 1, 16, NULL,    \
      "ltrf: bits of an address-table entry in the storage bill (the paper's formula: 5)") \
    X(LTRF_RFC_READ_PJ, "ltrf.rfc_read_pj", CT_FLOAT, "0.72", 0, 1000000, NULL, \
      "ltrf: register-file-cache read, pJ per warp register (a 16 KB SRAM as CERF Table III's L1D)") \
    X(LTRF_RFC_WRITE_PJ, "ltrf.rfc_write_pj", CT_FLOAT, "0.61", 0, 1000000, NULL, \
      "ltrf: register-file-cache write (result or fill), pJ per warp register") \
    X(LTRF_RFC_LEAK_MW, "ltrf.rfc_leak_mw", CT_FLOAT, "0.19", 0, 1000000, NULL, \
      "ltrf: register-file-cache leakage per SM, mW") \
    X(CERF_WAYS, "cerf.ways", CT_ENUM, "4", 0, 0, "2|4|8",                     \
      "cerf: ways of the integrated register-file/L1D array")                  \
    X(CERF_POLICY, "cerf.policy", CT_ENUM, "lru-fair", 0, 0,                   \
      "lru-fair|lru-prioritized",                                              \
      "cerf: lru-fair (registers and cache lines replace each other, registers spill to L2) or lru-prioritized (cache lines never replace registers)") \
    X(CERF_TAG_BANKS, "cerf.tag_banks", CT_INT, "4", 1, 64, NULL,              \
      "cerf: tag-array banks, each governing rf.banks / cerf.tag_banks data banks") \
    X(CERF_TAG_STAGE_CYCLES, "cerf.tag_stage_cycles", CT_INT, "1", 0, 4, NULL, \
      "cerf: cycles from a register access's tag lookup to its data access (0: the paper's extra pipeline stage hides it; 1: one cycle more than the baseline)") \
    X(E_CERF_TAG_READ, "energy.cerf_tag_read", CT_FLOAT, "0.75", 0, 1000000, NULL, \
      "cerf: integrated tag lookup per tag bank, pJ (CERF Table III)")         \
    X(E_CERF_TAG_WRITE, "energy.cerf_tag_write", CT_FLOAT, "0.78", 0, 1000000, NULL, \
      "cerf: integrated tag update per tag bank, pJ (CERF Table III)")         \
    X(E_CERF_TAG_LEAK, "energy.cerf_tag_leak_mw", CT_FLOAT, "0.32", 0, 1000000, NULL, \
      "cerf: integrated tag leakage per tag bank, mW (CERF Table III)")        \
    X(RACETRACK_BANKS, "racetrack.banks", CT_INT, "16", 1, 64, NULL,           \
      "register-file banks of the racetrack register mapping")                \
    X(RACETRACK_PORTS, "racetrack.ports", CT_INT, "8", 1, 64, NULL,            \
      "access ports per racetrack bank (N_p); registers are grouped by ports") \
    X(RACETRACK_SIZE, "racetrack.size", CT_INT, "256K", 4096, 16777216, NULL,  \
      "racetrack: register-file bytes per SM (replaces sm.registers for occupancy)") \
    X(RACETRACK_DOMAINS, "racetrack.domains", CT_INT, "64", 1, 4096, NULL,     \
      "racetrack: data domains per stripe (N_d, a multiple of racetrack.ports); a bank has size / banks / (128 x N_d) tapes of 1024 stripes") \
    X(RACETRACK_ARBITER, "racetrack.arbiter", CT_INT, "4", 1, 64, NULL,       \
      "racetrack: banks the request arbiter lets access (shift, read or write) at once") \
    X(RACETRACK_WRITE_BUFFER, "racetrack.write_buffer", CT_INT, "2", 1, 64, NULL, \
      "racetrack: write-buffer entries per bank (writes are served before reads)") \
    X(RACETRACK_READ_NS, "racetrack.read_ns", CT_FLOAT, "0.28", 0.001, 1000, NULL, \
      "racetrack: read latency in ns once aligned (rounded up to core cycles)") \
    X(RACETRACK_WRITE_NS, "racetrack.write_ns", CT_FLOAT, "1.24", 0.001, 1000, NULL, \
      "racetrack: write latency in ns once aligned (rounded up to core cycles)") \
    X(RACETRACK_SHIFT_NS, "racetrack.shift_ns", CT_FLOAT, "0.61", 0.001, 1000, NULL, \
      "racetrack: latency of one shift step in ns (rounded up to core cycles)") \
    X(RACETRACK_PRESHIFT, "racetrack.preshift", CT_BOOL, "false", 0, 0, NULL,  \
      "racetrack: idle banks shift one step per step time toward their head request") \
    X(RACETRACK_PRESHIFT_FROM, "racetrack.preshift_from", CT_INT, "0", 0,     \
      1000000000000000, NULL,                                                  \
      "racetrack: with racetrack.preshift, preshifting starts at this cycle (0: from the start)") \
    X(RACETRACK_MAPPING, "racetrack.mapping", CT_ENUM, "direct", 0, 0,         \
      "direct|optimized",                                                      \
      "racetrack: register placement: direct (ascending order) or optimized (Algorithms 1-2 on a recorded trace, see racetrack.profile_dir)") \
    X(RACETRACK_PROFILE_DIR, "racetrack.profile_dir", CT_STRING, "", 0, 0, NULL, \
      "racetrack: directory of recorded traces: direct runs write each launch's move counts and mapping there, optimized runs read them") \
    X(RACETRACK_READ_PJ, "racetrack.read_pj", CT_FLOAT, "117.12", 0, 1000000, NULL, \
      "racetrack: energy of a read, pJ per warp register") \
    X(RACETRACK_WRITE_PJ, "racetrack.write_pj", CT_FLOAT, "173.22", 0, 1000000, NULL, \
      "racetrack: energy of a write, pJ per warp register") \
    X(RACETRACK_SHIFT_PJ, "racetrack.shift_pj", CT_FLOAT, "56.16", 0, 1000000, NULL, \
      "racetrack: energy of one shift step of a tape, pJ") \
    X(RACETRACK_LEAK_MW, "racetrack.leak_mw", CT_FLOAT, "7.95", 0, 1000000, NULL, \
      "racetrack: leakage of the whole racetrack register file per SM, mW") \
    X(RACETRACK_WB_READ_PJ, "racetrack.wb_read_pj", CT_FLOAT, "15.60", 0, 1000000, NULL, \
      "racetrack: write-buffer read (draining an entry), pJ") \
    X(RACETRACK_WB_WRITE_PJ, "racetrack.wb_write_pj", CT_FLOAT, "14.60", 0, 1000000, NULL, \
      "racetrack: write-buffer write (accepting a result), pJ") \
    X(RACETRACK_WB_LEAK_MW, "racetrack.wb_leak_mw", CT_FLOAT, "1.12", 0, 1000000, NULL, \
      "racetrack: leakage of all write buffers of an SM, mW") \
    X(FUSE_VARIANT, "fuse.variant", CT_ENUM, "dy-fuse", 0, 0,                  \
      "l1-sram|fa-sram|by-nvm|hybrid|base-fuse|fa-fuse|dy-fuse",               \
      "fuse: which L1D of FUSE Table I: SRAM only (set-associative or fully associative), STT-MRAM only with dead-write bypassing, SRAM + STT-MRAM blocking (hybrid), with swap buffer and tag queue (base-fuse), STT-MRAM approximately fully associative (fa-fuse), plus read-level placement (dy-fuse)") \
    X(FUSE_SRAM_SIZE, "fuse.sram_size", CT_INT, "0", 0, 16777216, NULL,        \
      "fuse: SRAM bank bytes per SM (0: Table I's for fuse.variant: 32 KB for l1-sram and fa-sram, 16 KB for the hybrids)") \
    X(FUSE_SRAM_WAYS, "fuse.sram_ways", CT_INT, "0", 0, 1024, NULL,            \
      "fuse: SRAM bank associativity (0: Table I's: 4 for l1-sram, 2 for the hybrids; fa-sram is fully associative)") \
    X(FUSE_STT_SIZE, "fuse.stt_size", CT_INT, "0", 0, 16777216, NULL,          \
      "fuse: STT-MRAM bank bytes per SM (0: Table I's: 128 KB for by-nvm, 64 KB for the hybrids)") \
    X(FUSE_STT_WAYS, "fuse.stt_ways", CT_INT, "0", 0, 1024, NULL,              \
      "fuse: STT-MRAM bank associativity (0: Table I's: 4 for by-nvm, 2 for hybrid and base-fuse; fa-fuse and dy-fuse are fully associative)") \
    X(FUSE_STT_READ_CYCLES, "fuse.stt_read_cycles", CT_INT, "1", 1, 1000, NULL, \
      "fuse: cycles the STT-MRAM data array is busy per read (Table I: 1, as SRAM)") \
    X(FUSE_STT_WRITE_CYCLES, "fuse.stt_write_cycles", CT_INT, "5", 1, 1000, NULL, \
      "fuse: cycles the STT-MRAM data array is busy per write (Table I: 5; SRAM writes take 1)") \
    X(FUSE_TAG_QUEUE, "fuse.tag_queue", CT_INT, "16", 2, 1024, NULL,           \
      "fuse: tag-queue entries (commands waiting for or using the STT-MRAM bank; base-fuse, fa-fuse, dy-fuse); at least 2: a migration to SRAM queues a read and its victim's drain together") \
    X(FUSE_SWAP_BUFFER, "fuse.swap_buffer", CT_INT, "3", 1, 1024, NULL,        \
      "fuse: swap-buffer registers of one line (SRAM victims waiting for their STT-MRAM write)") \
    X(FUSE_COMPARATORS, "fuse.comparators", CT_INT, "4", 1, 1024, NULL,        \
      "fuse: tag comparators of the fully associative STT-MRAM bank: tags read per polled row and cycle") \
    X(FUSE_CBF_COUNT, "fuse.cbf_count", CT_INT, "128", 1, 65536, NULL,         \
      "fuse: counting Bloom filters in front of the polling search, each for an equal slice of the STT-MRAM lines") \
    X(FUSE_CBF_COUNTERS, "fuse.cbf_counters", CT_INT, "16", 1, 65536, NULL,    \
      "fuse: 2-bit counters per counting Bloom filter") \
    X(FUSE_CBF_HASHES, "fuse.cbf_hashes", CT_INT, "3", 1, 8, NULL,             \
      "fuse: hash functions per counting Bloom filter") \
    X(FUSE_SAMPLER_SETS, "fuse.sampler_sets", CT_INT, "4", 1, 64, NULL,        \
      "fuse: sampler sets of the read-level predictor, one per sampled warp (warp slots 0, W/N, 2W/N, ...)") \
    X(FUSE_SAMPLER_WAYS, "fuse.sampler_ways", CT_INT, "8", 1, 64, NULL,        \
      "fuse: sampler ways (LRU)") \
    X(FUSE_SAMPLER_PROBE, "fuse.sampler_probe", CT_ENUM, "all", 0, 0,        \
      "all|sampled",                                                           \
      "fuse: which accesses the sampler compares with its tags: every warp's (reuse by any warp counts; only sampled warps' misses insert) or only the sampled warps'") \
    X(FUSE_HISTORY_ENTRIES, "fuse.history_entries", CT_INT, "512", 2, 65536, NULL, \
      "fuse: history-table entries, a power of two; the PC signature has log2 of it bits (512: the 9-bit signature of section IV-B; Table I says 1024)") \
    X(FUSE_UNUSED_TH, "fuse.unused_th", CT_INT, "14", 0, 14, NULL,             \
      "fuse: a history counter above this predicts write-once-read-once (bypass)") \
    X(FUSE_COUNTER_INIT, "fuse.counter_init", CT_INT, "8", 0, 15, NULL,        \
      "fuse: initial value of the 4-bit history counters (status R)") \
    X(FUSE_SRAM_READ_PJ, "fuse.sram_read_pj", CT_FLOAT, "-1", -1, 1000000, NULL, \
      "fuse: SRAM read energy, pJ per line access (-1: Table I's for fuse.variant)") \
    X(FUSE_SRAM_WRITE_PJ, "fuse.sram_write_pj", CT_FLOAT, "-1", -1, 1000000, NULL, \
      "fuse: SRAM write energy, pJ per line access (-1: Table I's)") \
    X(FUSE_SRAM_LEAK_MW, "fuse.sram_leak_mw", CT_FLOAT, "-1", -1, 1000000, NULL, \
      "fuse: SRAM bank leakage per SM, mW (-1: Table I's)") \
    X(FUSE_STT_READ_PJ, "fuse.stt_read_pj", CT_FLOAT, "-1", -1, 1000000, NULL, \
      "fuse: STT-MRAM read energy, pJ per line access (-1: Table I's)") \
    X(FUSE_STT_WRITE_PJ, "fuse.stt_write_pj", CT_FLOAT, "-1", -1, 1000000, NULL, \
      "fuse: STT-MRAM write energy, pJ per line access (-1: Table I's)") \
    X(FUSE_STT_LEAK_MW, "fuse.stt_leak_mw", CT_FLOAT, "-1", -1, 1000000, NULL, \
      "fuse: STT-MRAM bank leakage per SM, mW (-1: Table I's)") \
    X(TINYCACHE_POLICY, "tinycache.policy", CT_ENUM, "bypass_none", 0, 0,     \
      "bypass_none|bypass_shared|bypass_global",                               \
      "tinycache: what the per-lane caches hold: global and shared data (bypass_none, the paper's tCbase), global only (bypass_shared) or shared only (bypass_global)") \
    X(TINYCACHE_ENTRIES, "tinycache.entries", CT_INT, "16", 1, 64, NULL,      \
      "tinycache: lines in each lane's cache")                                 \
    X(TINYCACHE_WAYS, "tinycache.ways", CT_INT, "8", 1, 64, NULL,             \
      "tinycache: associativity (tinycache.entries must be a multiple of it)") \
    X(TINYCACHE_LINE, "tinycache.line", CT_INT, "64", 16, 128, NULL,          \
      "tinycache: line bytes, a power of two at most l1d.line (one control bit per half-word)") \
    X(TINYCACHE_LATENCY, "tinycache.latency", CT_INT, "1", 1, 1000, NULL,     \
      "tinycache: cycles from a lane's hit to its data")                       \
    X(TINYCACHE_FENCE, "tinycache.fence", CT_ENUM, "flush", 0, 0,             \
      "flush|ignore",                                                          \
      "tinycache: a membar or fence writes back and invalidates every line (flush) or passes (ignore; the paper is silent)") \
    X(TINYCACHE_ACCESS_PJ, "tinycache.access_pj", CT_FLOAT, "0.05", 0, 1000000, NULL, \
      "tinycache: energy of one lane's access (an 8-way tag check and one word), pJ (a guess: docs/designs/tinycache.md)") \
    X(TINYCACHE_FILL_PJ, "tinycache.fill_pj", CT_FLOAT, "0.15", 0, 1000000, NULL, \
      "tinycache: energy of filling one 64-byte line into a lane's cache, pJ (a guess)") \
    X(TINYCACHE_WRITEBACK_PJ, "tinycache.writeback_pj", CT_FLOAT, "0.10", 0, 1000000, NULL, \
      "tinycache: energy of reading one line's dirty half-words out for a write-back, pJ (a guess)") \
    X(TINYCACHE_LEAK_MW, "tinycache.leak_mw", CT_FLOAT, "0.38", 0, 1000000, NULL, \
      "tinycache: leakage of the 32 caches of an SM, mW (32 KB at the L1D's 0.19 mW per 16 KB)") \
    X(MEM_LIMIT, "mem.limit", CT_INT, "256M", 1048576, 68719476736, NULL,      \
      "device memory available to ws.alloc, in bytes")                         \
    X(PTX_MAX_BYTES, "ptx.max_bytes", CT_INT, "64M", 1024, 4294967296, NULL,   \
      "largest PTX file ws.load_ptx accepts, in bytes")                        \
    X(LIMIT_WARP_INSTRUCTIONS, "limit.warp_instructions", CT_INT, "500000000", \
      1, 1000000000000000, NULL,                                               \
      "warp-instructions one ws.run() may execute before it stops with an error") \
    X(LUA_MAX_INSTRUCTIONS, "lua.max_instructions", CT_INT, "4000000000", 1000, \
      1000000000000000, NULL,                                                  \
      "Lua VM instructions a scenario may run before it is stopped")           \
    X(LUA_MAX_MEMORY, "lua.max_memory", CT_INT, "512M", 1048576, 68719476736,  \
      NULL, "bytes of memory the Lua interpreter may use")                    \
    X(LUA_HOOK_INSTRUCTIONS, "lua.hook_instructions", CT_INT, "10000000", 1000, \
      1000000000000, NULL,                                                     \
      "Lua VM instructions one event hook, probe, condition or watch expression may run") \
    X(DEBUG_CHECKPOINT_INTERVAL, "debug.checkpoint_interval", CT_INT, "20000", \
      100, 1000000000000, NULL,                                                \
      "cycles between snapshots for reverse execution (a reverse step re-executes at most this many)") \
    X(DEBUG_CHECKPOINTS, "debug.checkpoints", CT_INT, "64", 2, 100000, NULL,   \
      "snapshots kept at most (older ones are thinned out evenly)")            \
    X(DEBUG_FAIL_AT_CYCLE, "debug.fail_at_cycle", CT_INT, "0", 0,             \
      1000000000000000, NULL,                                                  \
      "for testing the crash report: fail an internal invariant at this cycle (0: never)") \
    X(DEBUG_THREAD_SHUFFLE, "debug.thread_shuffle", CT_INT, "0", 0, 1000000, \
      NULL,                                                                    \
      "for testing sim.threads: every this many cycles, alternate one thread and the team and move the SMs between threads at random (0: never; results stay the same)")

#endif
