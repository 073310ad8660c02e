local m = ws.load_ptx("../../tests/bad/data/no_such_file.ptx")
