-- a Lua syntax error
local n = 4
if n > 2 then
  print("x"
end
