-- A module (required by tests/bad/lua_module_error.lua) that fails while
-- it loads: the error names this file's line and column.
local M = {}
function M.scale(x) return x * 2 end
local broken = M.missing.field
return M
