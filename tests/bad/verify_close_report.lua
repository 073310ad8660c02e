-- a failed array comparison names how many elements differ and the first
-- verify.show of them (0-based) with both values
local verify = require "verify"
local x = ws.alloc("f32", 100)
verify.fill(x, 1, 0, 10)
local function want(i)
  if i % 9 == 4 then return x:get(i) + 1 end    -- 4, 13, 22, ... (11 of them)
  return x:get(i) * (1 + 1e-7)
end
verify.close(x, want, "x", 1e-6, 0)
