-- Loading bad PTX from a scenario reports what `warpscope inspect` does
-- (compare with undeclared_register.expect), plus the scenario line.
local m = ws.load_ptx("../../tests/bad/undeclared_register.ptx")
