local x = ws.alloc("u8", 4)
x:write{ 1, 2, 300, 4 }
