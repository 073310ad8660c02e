-- The default sandbox has no os library.
os.execute("echo hi")
