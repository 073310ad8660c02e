-- cerf, 128 KB, 4-way, lru-prioritized
return {
  base = "fermi",
  design = "cerf",
  cerf = { policy = "lru-prioritized", ways = 4 },
}
