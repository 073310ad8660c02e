-- bicg at 16x the work: see rows.lua.
require "rows" ("bicg", 16)
