local m = ws.load_ptx("data/faults.ptx")
ws.launch(m, "spin", {
  grid = 1,
  block = { 8, 2, 2, 1 },
})
