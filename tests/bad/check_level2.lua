-- ws.check(cond, msg, 2) from a helper blames the helper's caller.
local function expect_equal(a, b)
  ws.check(a == b, ("expected %s, got %s"):format(b, a), 2)
end
expect_equal(1, 1)
expect_equal(2 + 2, 5)
