ws.config{ 16, ["sm.count"] = 2 }
