-- A main-register-file latency that is not a number.
ws.config{ preset = "maxwell-ltrf", design = "ltrf",
           ltrf = { variant = "ltrf+", main_latency = "slow" } }
