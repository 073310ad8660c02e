-- A preset whose tables nest 200 deep (it once overflowed the Lua stack).
local t = {}
local c = t
for i = 1, 200 do c.a = {}; c = c.a end
c.b = 1
return t
