-- ws.check() with nothing to check is a failed check (exit 1), not a
-- Lua argument error (exit 2).
ws.check()
