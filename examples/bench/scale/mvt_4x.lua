-- mvt at 4x the work: see rows.lua.
require "rows" ("mvt", 4)
