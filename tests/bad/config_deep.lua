-- ws.config with tables nested 40 deep (it once corrupted the heap).
local t = {}
local c = t
for i = 1, 40 do c.a = {}; c = c.a end
c.b = 1
ws.config(t)
