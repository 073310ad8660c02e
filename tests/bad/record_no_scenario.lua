-- warpscope session record: a damaged one (no scenario)
return ws.session{ set = { "seed=3" }, commands = { "stepc 5" } }
