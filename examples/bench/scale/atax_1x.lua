-- atax at 1x the work: see rows.lua.
require "rows" ("atax", 1)
