-- fuse-placement: how FUSE's read-level predictor places blocks in an
-- SRAM + STT-MRAM L1D (design fuse, variant dy-fuse; seed 003).
--
--   build/warpscope examples/scenarios/fuse-placement.lua       (TUI)
--   build/warpscope run examples/scenarios/fuse-placement.lua   (headless)
--
-- dy-fuse has a 16 KB SRAM bank (64 sets x 2 ways, fast writes) and a
-- 64 KB STT-MRAM bank (fully associative, 5-cycle writes). On a miss it
-- asks the predictor about the PC: write-many (WM) blocks go to SRAM,
-- write-once-read-many (WORM) blocks to STT-MRAM, read-once (WORO) ones
-- bypass the L1. The predictor learns from a sampler: the blocks four
-- sampled warps bring in are watched; a block used again lowers the
-- counter of the PC that brought it in, a block that leaves the sampler
-- unused raises it; a store to one sets that PC's status to W.
-- Counter 0: WORM (status R) or WM (W); above 14: WORO; else neutral.
--
-- The kernel (examples/kernels/fuse_placement.cu) has one CTA of 16
-- warps; each iteration every warp reads a line of a small table that all
-- warps read (read-many), its own fresh line of a stream (read-once), and
-- reads and writes its own accumulator line (write-many). After a barrier
-- it copies the table's upper half and writes into its lower half. The
-- scenario stops:
--   1. when a table block is placed in STT-MRAM (WORM),
--   2. when a stream block bypasses the L1 (WORO),
--   3. when the accumulators, in SRAM, are predicted write-many,
--   4. when a store after the barrier hits a table block in STT-MRAM:
--      a misprediction, the block moves to SRAM.
-- Each stop explains what the Design pane shows (in the TUI; headless the
-- narration is printed), and the results are checked at the end. The lab
-- ends with a question and the command that answers it (`info stats`).
local v = require "verify"

ws.config{ preset = "teach", design = "fuse",
           fuse = { variant = "dy-fuse" }, l1d = { write_global = "back" } }
if ws.config()["sim.mode"] ~= "timing" then
  print("fuse-placement: needs the cycle-level model (sim.mode = \"timing\")")
  return
end

local threads, iters, T = 512, 64, 1024
local stream = ws.alloc("f32", threads * iters)
local tab = ws.alloc("f32", T)
local acc = ws.alloc("f32", threads)
local out = ws.alloc("f32", threads)
stream:write(function(i) return i % 7 end)
tab:write(function(i) return i % 5 end)
acc:write(function() return 0 end)
local vs, vt = stream:read(), tab:read()

local function within(b, n, addr) return addr >= b.addr and addr < b.addr + 4 * n end
local function what(addr)
  if within(tab, T, addr) then return "table" end
  if within(stream, threads * iters, addr) then return "stream" end
  if within(acc, threads, addr) then return "accumulator" end
  return "other"
end
-- The line as design fuse describes it (bank, class, signature), or nil.
local function line(addr)
  for _, l in ipairs(ws.fuse(0).lines) do
    if l.addr == addr then return l end
  end
end
local function history(sig)
  for _, h in ipairs(ws.fuse(0).history) do
    if h.signature == sig then return h end
  end
  return { counter = 8, status = "R", class = "neutral" }
end
-- Stops at the first event `name` for which pick(e) holds.
local function stop_at(name, pick)
  local got
  local id = ws.on(name, function(e)
    if pick(e) then got = e; return true end
  end)
  ws.continue()
  ws.off(id)
  ws.check(got ~= nil, "no " .. name .. " event of the kind expected")
  return got
end

local m = ws.load_ptx("../kernels/fuse_placement.ptx")
ws.launch(m, "placement", { grid = 1, block = threads,
                            args = { stream, tab, acc, out, iters } })

-- 1. A read-many block placed in STT-MRAM.
local e = stop_at("fuse.place", function(e) return e.stt == 1 end)
ws.check(what(e.addr) == "table", "the first WORM placement is a table line")
local l = line(e.addr)
ws.check(l and l.bank == "stt" and l.placed == "worm", "the table line sits in STT-MRAM")
local h = history(l.signature)
ws.say(string.format(
  "1/4 cycle %d: table line 0x%x was filled into STT-MRAM. The PC that missed on it (signature %d) "
  .. "has counter %d, status %s: every block it brought into the sampler was read again by other "
  .. "warps, and none was written - write-once-read-many, so its blocks go to the dense STT-MRAM bank "
  .. "(rows t.NNN of the Design pane, 'r'), where its slow writes will not be repeated.",
  e.cycle, e.addr, l.signature, h.counter, h.status))
ws.check(h.class == "worm" and h.counter == 0 and h.status == "R", "the table PC predicts WORM")
ws.pause("a WORM block in STT-MRAM (Design pane, rows t.)")

-- 2. A read-once block bypassing the L1.
e = stop_at("fuse.bypass", function(e) return e.what == "load" end)
ws.check(what(e.addr) == "stream", "the first bypassed load reads the stream")
local sig = e.pc % 512
h = history(sig)
ws.say(string.format(
  "2/4 cycle %d: stream line 0x%x missed and was not allocated: its PC (%d, signature %d) has counter "
  .. "%d, above unused_th = 14. Its blocks always left the sampler unused (each warp reads a stream line "
  .. "once): write-once-read-once, so the fill goes to the warp only, and the L1 keeps its space "
  .. "(event fuse.bypass).", e.cycle, e.addr, e.pc, sig, h.counter))
ws.check(h.class == "woro" and h.counter == 15, "the stream PC predicts WORO")
ws.check(line(e.addr) == nil, "the bypassed line is in neither bank")
ws.pause("a WORO block bypassed (Design pane, rows h. show the counters)")

-- 3. The accumulators: kept in SRAM, predicted write-many.
local acc_lines
for _ = 1, 200 do
  acc_lines = {}
  local wm = 0
  for _, x in ipairs(ws.fuse(0).lines) do
    if what(x.addr) == "accumulator" then
      acc_lines[#acc_lines + 1] = x
      if x.predicted == "wm" then wm = wm + 1 end
    end
  end
  if #acc_lines > 0 and wm == #acc_lines then break end
  ws.step(50)
end
local sram = 0
for _, x in ipairs(acc_lines) do if x.bank == "sram" then sram = sram + 1 end end
ws.check(#acc_lines > 0 and sram == #acc_lines, "the accumulator lines are in SRAM")
local a0 = acc_lines[1]
h = history(a0.signature)
ws.say(string.format(
  "3/4 cycle %d: the %d accumulator lines sit in SRAM (rows s.NN, 'W'). They were placed there at the "
  .. "first iteration as '%s' (the predictor knew nothing yet); since then every iteration's store hit "
  .. "the sampler entry their load made, so that PC (signature %d) has counter %d and status %s: "
  .. "write-many. SRAM takes those writes in one cycle; in STT-MRAM each would cost five, so a WM "
  .. "block found in STT-MRAM moves to SRAM, and an SRAM victim goes to STT-MRAM only if not WORO.",
  ws.cycle(), #acc_lines, a0.placed, a0.signature, h.counter, h.status))
ws.check(h.class == "wm" and h.status == "W", "the accumulator PC predicts WM")
ws.pause("write-many blocks kept in SRAM (Design pane, rows s.)")

-- 4. After the barrier: a block placed as WORM is written.
e = stop_at("fuse.migrate", function(e) return e.move == "stt>sram:store" end)
l = line(e.addr)
ws.check(what(e.addr) == "table" and l and l.bank == "sram" and l.dirty,
         "the written table line moved to SRAM")
ws.say(string.format(
  "4/4 cycle %d: a store hit table line 0x%x in STT-MRAM, where it sat as a read-many block (placed "
  .. "'%s' at its fill, predicted '%s' now). A write to STT-MRAM is a misprediction: the controller "
  .. "drained the tag queue first (a store carries 128 bytes the queue cannot hold), then read the block "
  .. "out of STT-MRAM, invalidated it there and wrote it, dirty, into SRAM (event fuse.migrate); the "
  .. "SRAM victim it displaced went to STT-MRAM through the swap buffer, or to L2 if WORO.",
  e.cycle, e.addr, l.placed, l.predicted))
ws.check(l.writes >= 2, "written since its fill")
ws.pause("a mispredicted block moved from STT-MRAM to SRAM")

local st = ws.run()
local f = st.fuse
ws.say(string.format(
  "done: %d placements WM, %d WORM, %d WORO, %d neutral; %d loads bypassed; migrations %d to STT-MRAM, "
  .. "%d to SRAM (%d by a store, %d predicted WM); L1 hit rate %.2f (SRAM %.2f, STT-MRAM %.2f).",
  f.predictions.wm, f.predictions.worm, f.predictions.woro, f.predictions.neutral,
  f.bypassed_loads, f.migrations.sram_to_stt, f.migrations.stt_to_sram,
  f.migrations.stt_to_sram_by_store, f.migrations.stt_to_sram_predicted_wm, f.hit_rate,
  f.sram_hit_rate, f.stt_hit_rate))
ws.check(f.predictions.worm > 0 and f.predictions.woro > 0, "both WORM and WORO predicted")

-- The results: placement moves blocks, never values.
local wacc, wout, wtab = {}, {}, {}
for t = 0, threads - 1 do
  local s, a = 0, 0
  for i = 0, iters - 1 do
    s = s + vt[(i * 32 + (t % 32)) % T + 1] + vs[i * threads + t + 1]
    a = a + s
  end
  wacc[t + 1], wout[t + 1] = a, vt[T - t]
  wtab[t + 1] = s
end
for t = threads, T - 1 do wtab[t + 1] = vt[t + 1] end
v.equal(acc:read(), wacc, "acc")
v.equal(out:read(), wout, "out")
v.equal(tab:read(), wtab, "table")

-- The lab's question, and the command that answers it
require("lab").ask("Question: how many blocks did the predictor send to STT-MRAM (WORM), "
  .. "how many past the L1 (WORO), and how often was it wrong enough that a block "
  .. "had to move back to SRAM? Answer it with `info stats` (fuse: predictions, "
  .. "bypassed_loads, migrations).", "predictions", "bypassed_loads", "migrations")
