-- warpscope session record: a command warpscope does not know
return ws.session{
  scenario = "../../examples/scenarios/saxpy.lua",
  commands = { "stepc 10", "frobnicate" },
}
