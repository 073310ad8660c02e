-- A scenario (run by failing.lua) whose check always fails.
ws.check(false, "deliberate failure for the sweep test")
