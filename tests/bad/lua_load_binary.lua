-- load() takes text only: precompiled chunks could break the sandbox.
local f, err = load("\27Lua\84\0", "chunk", "b")
error(err, 0)
