-- A failed check caught by pcall still fails the run.
pcall(ws.check, false, "caught but counted")
print("continuing")
