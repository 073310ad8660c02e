ws.config{ sm = { count = "two" } }
