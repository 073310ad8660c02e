-- A scenario whose check fails (exit 1) next to one that passes, and a
-- value that makes the point stop with bad input (exit 2: the kernel
-- cannot finish within limit.warp_instructions).
return {
  name = "failing",
  scenarios = { "../../examples/scenarios/saxpy.lua", "fail_check.lua" },
  set = { ["limit.warp_instructions"] = { 100000, 10 } },
}
