local x = ws.alloc("u32", 0)
