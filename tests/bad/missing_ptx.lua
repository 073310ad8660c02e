local m = ws.load_ptx("data/no_such_file.ptx")
