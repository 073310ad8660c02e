-- A directory where a PTX file is expected.
local m = ws.load_ptx("data")
