-- warpscope session record: a setting without '='
return ws.session{
  scenario = "../../examples/scenarios/saxpy.lua",
  set = { "sm.count" },
}
