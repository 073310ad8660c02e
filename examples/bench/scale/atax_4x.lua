-- atax at 4x the work: see rows.lua.
require "rows" ("atax", 4)
