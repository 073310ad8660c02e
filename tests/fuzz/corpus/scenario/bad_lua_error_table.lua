-- error() with a table: the message once read just "error", with no
-- position.
local reason = { code = 3 }
error(reason)
