-- warpscope session record: it names itself
return ws.session{ scenario = "record_self.lua" }
