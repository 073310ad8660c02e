-- A preset must return a table.
local size = 4096
return size
