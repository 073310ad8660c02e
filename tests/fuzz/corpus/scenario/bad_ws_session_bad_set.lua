-- warpscope session record: a setting without '='
return ws.session{
  scenario = "saxpy.lua",
  set = { "sm.count" },
}
