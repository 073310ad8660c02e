-- 1 GiB is more than the default device memory limit (mem.limit).
local big = ws.alloc("u8", 1 << 30)
