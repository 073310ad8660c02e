-- the separate baseline with a 64 KB L1D (paper Fig. 9)
return {
  base = "fermi",
  l1d = { size = 65536 },
}
