-- sourced by misc.cmds: a hook counting L1 fills and a probe
fills = 0
ws.on("l1.fill", function(e) fills = fills + 1 end)
ws.probe("fills", function() return fills end, 100)
