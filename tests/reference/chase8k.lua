-- Reference kernel chase, L1-resident: one thread follows next[j] through
-- 8 KB at a 128-byte stride (64 lines, hits after the first round).
-- GPGPU-Sim ran 2048 dependent loads (paper size).
require("common").chase("chase8k", 8192, 2048)
