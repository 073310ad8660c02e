-- assert fails like ws.check (exit 1), at the assert.
local n = 3
assert(n % 2 == 0)
