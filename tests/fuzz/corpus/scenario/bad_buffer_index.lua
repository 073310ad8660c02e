local x = ws.alloc("f32", 4)
print(x:get(4))
