-- atax at 16x the work: see rows.lua.
require "rows" ("atax", 16)
