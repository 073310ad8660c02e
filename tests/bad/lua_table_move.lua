-- table.move over 2^63 empty slots loops in C where no hook sees it.
local t = table.move({}, 1, math.maxinteger - 1, 2)
