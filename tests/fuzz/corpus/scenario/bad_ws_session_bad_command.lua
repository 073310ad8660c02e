-- warpscope session record: a command warpscope does not know
return ws.session{
  scenario = "saxpy.lua",
  commands = { "stepc 10", "frobnicate" },
}
