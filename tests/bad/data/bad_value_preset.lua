-- A preset with one bad value: the error names this line and the key.
return {
  base = "fermi",
  sm = {
    count = 0,
  },
}
