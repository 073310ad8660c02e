-- A malformed pattern is an error at the call, with Lua's message.
local s = "key=value"
local k = s:match("([%w]+=")
