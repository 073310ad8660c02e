ws.session{ scenario = "../record_cycle3.lua" }
