local x = ws.alloc("f32", 4)
local p = x:ptr(4)              -- one past the end is a valid pointer
local q = x:ptr(5)
