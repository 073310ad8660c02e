-- An endless loop; the run uses a small instruction budget (see .args).
while true do end
