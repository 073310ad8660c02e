-- Reference kernel bankconf, word stride 32: 256 threads each read
-- s[(t * 32 + i) & 1023] for i < iters from shared memory (one CTA, one
-- SM). GPGPU-Sim ran 256 iterations (paper size).
require("common").bankconf("bank32", 32)
