-- cerf, 128 KB, 4-way, lru-fair (the paper's default)
return {
  base = "fermi",
  design = "cerf",
  cerf = { policy = "lru-fair", ways = 4 },
}
