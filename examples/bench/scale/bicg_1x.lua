-- bicg at 1x the work: see rows.lua.
require "rows" ("bicg", 1)
