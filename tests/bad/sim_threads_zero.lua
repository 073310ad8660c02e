-- sim.threads counts host threads: at least one
ws.config{ ["sim.threads"] = 0 }
