-- bicg at 4x the work: see rows.lua.
require "rows" ("bicg", 4)
