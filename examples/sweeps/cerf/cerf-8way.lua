-- cerf, 128 KB, 8-way, lru-fair (paper Fig. 8)
return {
  base = "fermi",
  design = "cerf",
  cerf = { policy = "lru-fair", ways = 8 },
}
