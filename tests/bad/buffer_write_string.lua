local x = ws.alloc("f32", 4)
x:write{ 1.5, "two", 3, 4 }
