-- A key the text does not spell out: the error points at the return.
local t = {}
t["l1d." .. "sizee"] = 3
return t
