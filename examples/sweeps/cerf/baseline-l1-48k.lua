-- the separate baseline with Fermi's 48 KB L1D configuration
return {
  base = "fermi",
  l1d = { size = 49152 },
}
