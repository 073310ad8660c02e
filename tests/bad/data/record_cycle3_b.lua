ws.session{ scenario = "record_cycle3_c.lua" }
