-- probes.lua - ready-made probes for the warpscope debugger
-- (require "probes"; docs/debugger.md, "The scripts/lua library").
--
-- A probe is a named Lua function sampled every N cycles (ws.probe); its
-- series is listed by `info probes` and written by `warpscope run --probes
-- FILE.csv` as rows "probe,cycle,value". The probes here count model events
-- with ws.on hooks (which never stop the run: they return nothing) and turn
-- the counts into rates when sampled.
--
-- Every function returns the ids it registered, as a table
--   { hooks = { ws.on ids }, probes = { ws.probe numbers }, names = { probe names } }
-- (hooks can be removed with ws.off or `delete`; probes cannot be removed,
-- only outlive their use) and a state table with exact running totals, for
-- checks at the end of a scenario.
local probes = {}

local function on_sm(sm)
  if sm == nil then return function() return true end end
  return function(e) return e.sm == sm end
end

-- probes.l1_hit_rate{ [window = 1000] [, every = 100] [, sm = nil]
--                     [, name = "l1_hit_rate"] }:
-- the L1D load hit rate over a sliding window of the last `window` cycles,
-- sampled every `every` cycles (window must be a multiple of every). A load
-- is counted as the statistics count it: l1.hit is a hit; l1.miss (a new
-- miss) and mshr.merge (a miss merged into one in flight) are misses; so
-- hits / (hits + misses + merges) is exactly l1d.hit_rate of the
-- statistics when the window covers the whole run. A window that saw no
-- load gives 0. sm = nil counts every SM.
-- Returns ids and a state table { hits, misses, merges, accesses(),
-- rate() (over the whole run so far), last (the last value sampled) }.
function probes.l1_hit_rate(opts)
  opts = opts or {}
  local every = opts.every or 100
  local window = opts.window or 10 * every
  local name = opts.name or "l1_hit_rate"
  assert(every >= 1 and window >= every and window % every == 0,
         "probes.l1_hit_rate: window must be a positive multiple of every")
  local mine = on_sm(opts.sm)
  local st = { hits = 0, misses = 0, merges = 0 }
  function st.accesses() return st.hits + st.misses + st.merges end
  function st.rate()
    local a = st.accesses()
    return a > 0 and st.hits / a or 0
  end
  local hooks = {
    ws.on("l1.hit", function(e) if mine(e) then st.hits = st.hits + 1 end end),
    ws.on("l1.miss", function(e) if mine(e) then st.misses = st.misses + 1 end end),
    ws.on("mshr.merge", function(e) if mine(e) then st.merges = st.merges + 1 end end),
  }
  -- ring[(k % W) + 1]: cumulative { hits, accesses } at the k-th sample;
  -- the window of sample k starts at sample k - W (or at the beginning).
  local W, ring, k = window // every, {}, 0
  local p = ws.probe(name, function()
    k = k + 1
    local h, a = st.hits, st.accesses()
    local base = k - W >= 1 and ring[(k % W) + 1] or { 0, 0 }
    local r = a > base[2] and (h - base[1]) / (a - base[2]) or 0
    ring[(k % W) + 1] = { h, a }
    st.last = r
    return r
  end, every)
  return { hooks = hooks, probes = { p }, names = { name } }, st
end

-- probes.bank_heat{ [every = 100] [, sm = nil] [, prefix = "bank"] [, banks = N] }:
-- register-file bank-conflict heat: one probe per bank, named prefix..b
-- ("bank0", "bank1", ...), whose value is the number of requests that had
-- to wait at that bank (the `waiting` field of rf.conflict events) during
-- the last `every` cycles. The sum of a bank's series (plus what follows
-- the last sample) is that bank's rf.per_bank[b].conflicts in the
-- statistics. banks defaults to the configuration's rf.banks.
-- Returns ids and a state table { total = { [b] = conflicts so far } }
-- (b from 0).
function probes.bank_heat(opts)
  opts = opts or {}
  local every = opts.every or 100
  local prefix = opts.prefix or "bank"
  local nb = opts.banks or ws.config()["rf.banks"]
  local mine = on_sm(opts.sm)
  local st, since = { total = {} }, {}
  for b = 0, nb - 1 do st.total[b], since[b] = 0, 0 end
  local hooks = {
    ws.on("rf.conflict", function(e)
      if mine(e) and st.total[e.bank] then
        st.total[e.bank] = st.total[e.bank] + e.waiting
      end
    end),
  }
  local ids, names = {}, {}
  for b = 0, nb - 1 do
    names[#names + 1] = prefix .. b
    ids[#ids + 1] = ws.probe(prefix .. b, function()
      local d = st.total[b] - since[b]
      since[b] = st.total[b]
      return d
    end, every)
  end
  return { hooks = hooks, probes = ids, names = names }, st
end

-- probes.ipc{ [every = 100] [, sm = nil] [, name = "ipc"] }:
-- warp-instructions issued per cycle over the last `every` cycles (every
-- warp.issue event counts one). state.issued is the exact running total:
-- the run's warp_instructions statistic when sm is nil.
-- Returns ids and a state table { issued }.
function probes.ipc(opts)
  opts = opts or {}
  local every = opts.every or 100
  local name = opts.name or "ipc"
  local mine = on_sm(opts.sm)
  local st, since = { issued = 0 }, 0
  local hooks = {
    ws.on("warp.issue", function(e) if mine(e) then st.issued = st.issued + 1 end end),
  }
  local p = ws.probe(name, function()
    local d = st.issued - since
    since = st.issued
    return d / every
  end, every)
  return { hooks = hooks, probes = { p }, names = { name } }, st
end

-- probes.mshrs{ [every = 100] [, sm = 0] [, name = "mshrs"] }:
-- MSHRs of SM sm's L1D in use at each sample (from ws.l1(sm).mshrs); 0
-- while no kernel is running. Registers no hook.
-- Returns ids ({ probes = { n }, names = { name } }) and an empty state.
function probes.mshrs(opts)
  opts = opts or {}
  local sm, name = opts.sm or 0, opts.name or "mshrs"
  local p = ws.probe(name, function()
    local ok, l1 = pcall(ws.l1, sm)
    return ok and #l1.mshrs or 0
  end, opts.every or 100)
  return { hooks = {}, probes = { p }, names = { name } }, {}
end

return probes
