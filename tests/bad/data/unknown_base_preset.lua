return {
  base = "fermii",
  ["l1d.size"] = 4096,
}
