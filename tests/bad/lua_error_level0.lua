-- error("...", 0) carries no position of its own; the report still names
-- the line that raised it.
local function fail(msg) error(msg, 0) end
fail("giving up")
