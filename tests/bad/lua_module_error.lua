-- An error inside a required module points into the module.
local lib = require "data.failing_module"
