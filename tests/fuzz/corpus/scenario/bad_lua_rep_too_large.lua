-- A string larger than memory can hold is refused, not attempted.
local s = string.rep("ab", 1 << 62)
