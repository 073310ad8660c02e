-- A top-level coroutine.yield once handed control to the debugger as if
-- ws.run had stopped, and the run ended with exit 0 before the check.
print("before the yield")
coroutine.yield()
ws.check(false, "never reached")
