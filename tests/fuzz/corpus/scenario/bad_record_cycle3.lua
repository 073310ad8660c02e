-- A scenario replaying a chain of three files that comes back to itself.
ws.session{ scenario = "../../tests/bad/data/record_cycle3_b.lua" }
