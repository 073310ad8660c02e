-- CERF Table I's separate baseline: 128 KB RF + 16 KB L1D (fermi as is)
return {
  base = "fermi",
}
