-- breaks.lua - ready-made breakpoints for the warpscope debugger
-- (require "breaks"; docs/debugger.md, "The scripts/lua library").
--
-- Every function registers ordinary debugger objects (ws.on hooks,
-- ws.breakpoint breakpoints) and returns the ids it registered, as a list,
-- so that `ws.off(id)`, `delete N` and `info breakpoints` work on them;
-- breaks.off(ids) removes them all. Functions that count things also return
-- a state table the caller can read at any stop (`print st.count`).
--
-- A hook that returns true stops the run at the end of the current cycle,
-- like a breakpoint: in a command file or the console the stop is reported
-- as "Hook N (ws.on("...")), cycle C: ...", and a scenario's ws.continue()
-- returns { reason = "hook", id = N, ... }.
local breaks = {}

-- The L1D geometry of SM sm: { sets, ways, line, repl }. Read from
-- ws.l1(sm) when a kernel is running (what the model really has), else
-- from the configuration keys l1d.size, l1d.ways, l1d.line and l1d.repl.
function breaks.l1_geometry(sm)
  local ok, l1 = pcall(ws.l1, sm or 0)
  if ok and l1.sets and l1.sets > 0 then
    return { sets = l1.sets, ways = l1.ways, line = l1.line, repl = l1.policy }
  end
  local c = ws.config()
  local line, ways = c["l1d.line"], c["l1d.ways"]
  return { sets = c["l1d.size"] // (line * ways), ways = ways, line = line,
           repl = c["l1d.repl"] }
end

-- The L1D set an address maps to: (addr // line) % sets, the mapping the
-- model and `watch l1 SET` use. geom as returned by breaks.l1_geometry.
function breaks.l1_set(addr, geom)
  return (addr // geom.line) % geom.sets
end

-- The lines of L1D set S of SM sm as text, one way per line, oldest
-- last: "way W  age A  STATE  0xADDR". For `print` at a stop:
--   print require("breaks").l1_set_text(4)
function breaks.l1_set_text(S, sm)
  local l1 = ws.l1(sm or 0)
  local out = { string.format("set %d of SM %d (%d ways, %s):", S, sm or 0, l1.ways, l1.policy) }
  for w, l in ipairs(l1.sets_data[S + 1]) do
    if l.valid then
      out[#out + 1] = string.format("  way %d  age %d  %-5s  0x%x", w - 1, l.age, l.state, l.addr)
    else
      out[#out + 1] = string.format("  way %d  invalid", w - 1)
    end
  end
  return table.concat(out, "\n")
end

-- Removes everything a function of this library registered: ids is the
-- list it returned (nested lists are fine). Returns how many were removed.
function breaks.off(ids)
  local n = 0
  for _, id in ipairs(ids) do
    if type(id) == "table" then
      n = n + breaks.off(id)
    elseif ws.off(id) then
      n = n + 1
    end
  end
  return n
end

-- breaks.nth_event(name, n [, pred]): stop at the n-th event of kind
-- `name` (e.g. "l1.miss", "shmem.conflict", "barrier") for which pred(e)
-- is true (every event when pred is nil). Stops once; later events are
-- still counted.
-- Returns ids ({ hook id }) and a state table { count, last } (last: the
-- payload of the n-th event).
function breaks.nth_event(name, n, pred)
  assert(type(n) == "number" and n >= 1, "breaks.nth_event: n must be at least 1")
  local st = { count = 0 }
  local id = ws.on(name, function(e)
    if pred and not pred(e) then return false end
    st.count = st.count + 1
    if st.count == n then
      st.last = e
      return true
    end
    return false
  end)
  return { id }, st
end

-- breaks.l1_eviction{ set = S, n = N [, sm = 0] [, verbose = false] }:
-- stop on the N-th eviction from L1D set S of SM sm (a valid line pushed
-- out to make room for another one), at the end of the cycle it happens in.
-- Every eviction emits l1.evict (clean or dirty); a fill emits l1.fill just
-- before its eviction, so the line that came in is known for those (a
-- store allocating its line under a write-back policy has none).
--
-- Returns ids ({ fill hook id, evict hook id }) and a state table:
--   count       evictions from set S so far
--   evictions   one entry per eviction, in order:
--               { n, cycle, victim (line address), line (the line that
--               came in, or nil), dirty (true/false), via ("fill"/"store") }
--   last        the N-th eviction's entry, once it happened
--   geom        the L1 geometry used ({ sets, ways, line, repl })
-- With verbose = true every eviction is printed as it is counted.
function breaks.l1_eviction(opts)
  local sm, S, N = opts.sm or 0, opts.set, opts.n or 1
  assert(type(S) == "number" and S >= 0, "breaks.l1_eviction: give set = S")
  assert(type(N) == "number" and N >= 1, "breaks.l1_eviction: n must be at least 1")
  local st = { count = 0, evictions = {} }
  local incoming        -- { cycle, addr } of the last fill into set S

  local function geom()
    if not st.geom then st.geom = breaks.l1_geometry(sm) end
    assert(S < st.geom.sets, "breaks.l1_eviction: the L1D has " .. st.geom.sets .. " sets")
    return st.geom
  end

  local fill = ws.on("l1.fill", function(e)
    if e.sm == sm and breaks.l1_set(e.addr, geom()) == S then
      incoming = { cycle = e.cycle, addr = e.addr }
    end
    return false
  end)

  local evict = ws.on("l1.evict", function(e)
    if e.sm ~= sm or breaks.l1_set(e.addr, geom()) ~= S then return false end
    local line = incoming and incoming.cycle == e.cycle and incoming.addr or nil
    incoming = nil
    st.count = st.count + 1
    local ev = { n = st.count, cycle = e.cycle, victim = e.addr, line = line,
                 dirty = e.dirty, via = line and "fill" or "store" }
    st.evictions[#st.evictions + 1] = ev
    if opts.verbose then
      print(string.format("eviction %d from set %d at cycle %d: 0x%x out%s", ev.n, S,
                          e.cycle, e.addr, line and string.format(", 0x%x in", line) or ""))
    end
    if st.count == N then
      st.last = ev
      return true
    end
    return false
  end)
  return { fill, evict }, st
end

-- breaks.warp_at_line{ line = L, warp = W [, sm = 0] [, file = "k.ptx"]
--                      [, cta = C] [, n = 1] [, temp = false] [, cond = EXPR] }:
-- stop when warp slot W of SM sm reaches PTX line L (before executing it),
-- the n-th time (n > 1 sets the breakpoint's ignore count to n - 1). A
-- plain `break FILE:LINE warp W sm S` underneath: it shows in `info
-- breakpoints` and counts its hits there. cond is a Lua expression (the
-- warp.issue event is `e`).
-- Returns ids ({ breakpoint id }).
function breaks.warp_at_line(opts)
  assert(opts.line, "breaks.warp_at_line: give line = L")
  assert(opts.warp, "breaks.warp_at_line: give warp = W")
  local id = ws.breakpoint{ line = opts.line, file = opts.file, warp = opts.warp,
                            sm = opts.sm or 0, cta = opts.cta, temp = opts.temp,
                            cond = opts.cond }
  local n = opts.n or 1
  if n > 1 then
    local out, ok = ws.cmd("ignore " .. id .. " " .. (n - 1))
    assert(ok, out)
  end
  return { id }
end

return breaks
