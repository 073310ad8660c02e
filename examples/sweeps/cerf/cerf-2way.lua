-- cerf, 128 KB, 2-way, lru-fair (paper Fig. 8)
return {
  base = "fermi",
  design = "cerf",
  cerf = { policy = "lru-fair", ways = 2 },
}
