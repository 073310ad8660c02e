local x = ws.alloc("f32", 4)
print(x.n, x.type)
print(x.size)
