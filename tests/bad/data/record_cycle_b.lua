-- The other half of tests/bad/record_cycle.lua: a scenario that asks to
-- replay the record that replays it.
return ws.session{ scenario = "../record_cycle.lua" }
