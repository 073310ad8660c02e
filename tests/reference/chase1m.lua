-- Reference kernel chase, DRAM-bound: one thread follows next[j] through
-- 1 MB at a 128-byte stride, every load missing L1 and L2.
-- GPGPU-Sim ran 8192 dependent loads (paper size).
require("common").chase("chase1m", 1048576, 8192)
