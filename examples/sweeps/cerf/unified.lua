-- Gebhart et al.'s unified memory: 128 KB split at each launch
return {
  base = "fermi",
  design = "unified",
}
