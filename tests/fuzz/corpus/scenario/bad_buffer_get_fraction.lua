local x = ws.alloc("u32", 4)
local v = x:get(1.5)
