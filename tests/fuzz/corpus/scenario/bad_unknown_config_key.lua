ws.config{ ["sm.cuont"] = 2 }
