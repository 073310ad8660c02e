ws.config{ preset = "fermi-rmx" }
