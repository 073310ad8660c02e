local lib = require "../secrets"
