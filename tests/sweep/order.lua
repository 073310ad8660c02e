-- Used by tests/unit/test_sweep.c: two scenarios x two keys, to check the
-- order of points and their ids (a preset path is not a clean id, so that
-- point's id is sanitised and gets a hash suffix). Paths in values are
-- relative to the directory warpscope runs in (the repository root here).
local sizes = {}
for i = 1, 2 do sizes[#sizes + 1] = i * 2 end       -- sweep files are Lua
return {
  name = "order",
  scenarios = { "../../examples/scenarios/saxpy.lua",
                "../../examples/scenarios/bfs.lua" },
  set = {
    preset = { "teach", "examples/configs/fermi.lua" },
    ["sm.count"] = sizes,
  },
}
