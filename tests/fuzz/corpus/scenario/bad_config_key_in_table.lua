-- A misspelt key inside a multi-line ws.config table: the error points
-- at the key, not only at the call.
ws.config{
  sm = { count = 2 },
  l1d = {
    ways = 4,
    sise = 8192,
  },
}
