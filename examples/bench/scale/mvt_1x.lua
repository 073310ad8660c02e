-- mvt at 1x the work: see rows.lua.
require "rows" ("mvt", 1)
