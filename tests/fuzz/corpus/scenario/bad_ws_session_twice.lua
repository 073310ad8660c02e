-- warpscope session record: two ws.session calls
ws.session{ scenario = "saxpy.lua" }
ws.session{ scenario = "saxpy.lua" }
