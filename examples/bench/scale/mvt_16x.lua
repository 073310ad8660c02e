-- mvt at 16x the work: see rows.lua.
require "rows" ("mvt", 16)
