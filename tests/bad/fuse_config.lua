-- A misspelt fuse variant in a scenario's configuration: exit 2, the
-- scenario's line named.
ws.config{ design = "fuse", ["fuse.variant"] = "by-stt" }
