local x = ws.alloc("float", 16)
