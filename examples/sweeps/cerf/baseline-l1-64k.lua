-- the separate baseline with a 64 KB L1D (paper Fig. 9): 64 sets of 8
-- ways, so fermi's set-index hash (defined for 32 or 64 sets) still
-- applies
return {
  base = "fermi",
  l1d = { size = 65536, ways = 8 },
}
