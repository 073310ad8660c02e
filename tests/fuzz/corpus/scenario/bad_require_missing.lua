local lib = require "no_such_module"
