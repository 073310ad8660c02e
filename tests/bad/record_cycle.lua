-- warpscope session record: it replays data/record_cycle_b.lua, which
-- replays this record again (two records naming each other).
return ws.session{ scenario = "data/record_cycle_b.lua" }
