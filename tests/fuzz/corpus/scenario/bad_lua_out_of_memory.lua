-- A table growing past the interpreter's memory limit (2 MB, see .args).
local t = {}
for i = 1, 10000000 do
  t[i] = { i }
end
