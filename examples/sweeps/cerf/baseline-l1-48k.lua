-- the separate baseline with Fermi's 48 KB L1D configuration: 64 sets of
-- 6 ways, as GPGPU-Sim's 48 KB Fermi L1 (dl1 64:128:6), so fermi's
-- set-index hash (defined for 32 or 64 sets) still applies
return {
  base = "fermi",
  l1d = { size = 49152, ways = 6 },
}
