-- A scenario that does not exist.
return {
  scenarios = { "../../examples/scenarios/saxpy.lua",
                "../../examples/scenarios/nonesuch.lua" },
}
