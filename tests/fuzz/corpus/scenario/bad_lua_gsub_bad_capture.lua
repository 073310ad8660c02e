-- A replacement string naming a capture the pattern does not have.
local s = ("a-b"):gsub("(%w)-(%w)", "%3")
