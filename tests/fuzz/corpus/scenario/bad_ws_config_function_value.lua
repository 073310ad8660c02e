ws.config{
  sm = { count = 2 },
  l1d = { size = function() return 4096 end },
}
