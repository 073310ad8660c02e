-- warpscope session record: two ws.session calls
ws.session{ scenario = "../../examples/scenarios/saxpy.lua" }
ws.session{ scenario = "../../examples/scenarios/saxpy.lua" }
