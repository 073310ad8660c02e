-- Unbounded recursion in a scenario: Lua reports a stack overflow at the
-- recursive line instead of crashing the tool.
local function down(n) return 1 + down(n + 1) end
print(down(1))
