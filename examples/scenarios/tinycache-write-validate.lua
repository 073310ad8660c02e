-- tinycache-write-validate: what a write-validate tinyCache does with
-- partial lines (design tinycache, seed 002, Fig. 3).
--
-- Every SIMT lane has its own small cache (16 lines of 64 bytes), shared
-- by that lane of every warp, between the lane and the L1D and shared
-- memory. It never fetches a line to write it: a write miss allocates the
-- line with only the written half-words valid (state Dpv), one control
-- bit per half-word saying which. The kernel (write_validate.cu) updates
-- 64-byte records in place, one per thread: it writes the key, then reads
-- and writes the count, puts the key in shared memory, waits at a barrier
-- and reads its neighbour's key.
-- The scenario stops three times:
--  1. on a partial line: lane 0's line of record 0 right after warp 0
--     wrote the key (Dpv, two dirty half-words, nothing fetched);
--  2. on a merge on read: warp 0's read of the count finds the line but
--     not the half-words, fetches the line and merges it under the
--     written ones (a tinycache.fill event whose mask is the dirty
--     half-words; rh(i) -> Dv);
--  3. on a barrier flush: every dirty half-word of every lane is written
--     back and every line invalidated (tinycache.flush); the CTA's warps
--     go on once the write-backs have left the LD/ST unit.
-- At each stop ws.say explains what the Design pane shows (below 100
-- columns the TUI shows one pane: `:pane design`; headless, `info
-- tinycache 0`). The results are checked at the end, and the lab ends with
-- a question and the command that answers it (`info stats`).
ws.config{ preset = "teach", design = "tinycache" }

local blocks, threads = 2, 128
local n = blocks * threads
local rec = ws.alloc("u32", 16 * n)          -- 64-byte records
local out = ws.alloc("u32", n)
rec:write(function(i) return (i % 16 == 1) and (i // 16) % 5 or 0 end)
local counts0 = {}
for t = 0, n - 1 do counts0[t] = t % 5 end
local m = ws.load_ptx("../kernels/write_validate.ptx")
ws.launch(m, "write_validate", { grid = blocks, block = threads, args = { rec, out } })

-- Lane 0's detail line of record 0's line (the Design pane shows it
-- when that cell is selected).
local line0 = string.format("0x%x", rec.addr)
local function record0()
  local row = ws.tinycache(0, 0).grids[1].rows[1]
  for _, d in ipairs(row.details) do
    if d:find(line0, 1, true) then return d end
  end
end

-- 1. A partial line: warp 0 issued the key's store (its next instruction
-- is the read of the count, line 30 of write_validate.cu); the stop comes
-- at the end of that cycle, before that read can issue.
-- (A hook stops the run at the end of the cycle, so on a machine with
-- several SMs it can see other SMs' events of that cycle too: each hook
-- takes SM 0's first match only.)
local id = ws.on("warp.issue", function(e)
  if e.sm == 0 and e.warp == 0 and ws.warp(0, 0).cuda_line == 30 then return true end
end)
ws.continue()
ws.off(id)
local d = record0()
ws.check(d ~= nil and d:find("Dpv", 1, true) and d:find("DD..", 1, true),
         "record 0's partial line: " .. tostring(d))
ws.say(string.format(
  "1/3 cycle %d, a partial line. Warp 0 has just stored its threads' keys. Lane 0's tinyCache missed on record 0's line and allocated it without fetching (write-validate): state Dpv, only the two half-words of the key valid, both dirty. In lane 0: %s (D dirty, . not valid). The L1D saw nothing.",
  ws.cycle(), d))
ws.pause()

-- 2. A merge on read: the count is on that line but not among its valid
-- half-words.
local merge
id = ws.on("tinycache.fill", function(e)
  if not merge and e.sm == 0 and e.warp == 0 and e.lane == 0 then merge = e; return true end
end)
ws.continue()
ws.off(id)
ws.check(merge ~= nil and merge.line == rec.addr, "no fill of record 0's line")
d = record0()
ws.check(d:find("Dv", 1, true) and d:find("fetch", 1, true), "merging line: " .. d)
ws.say(string.format(
  "2/3 cycle %d, a merge on read. Warp 0 reads its count: lane 0 holds record 0's line (a tag hit) but not the count's half-words. The tinyCache fetches the line from the L1D (tinycache.fill) and merges it under the half-words it keeps dirty (mask 0x%x): the line is Dv, every half-word valid once the fetch is in, the key's still dirty. In lane 0: %s (? arriving). A load of this line by another warp before the fetch arrives waits for it.",
  ws.cycle(), merge.mask, d))
ws.check(merge.mask == 0x3, "the key's two half-words stay dirty")
ws.pause()

-- 3. A barrier flush.
local wbs, flush = 0, nil
local wid = ws.on("tinycache.writeback", function(e) if e.sm == 0 and not flush then wbs = wbs + 1 end end)
id = ws.on("tinycache.flush", function(e)
  if not flush and e.sm == 0 and e.reason == "barrier" then flush = e; return true end
end)
ws.continue()
ws.off(id)
ws.off(wid)
ws.check(flush ~= nil, "no barrier flush")
local valid = 0
for _, r in ipairs(ws.tinycache(0).grids[1].rows) do
  for c in r.cells:gmatch("[^.\194\183]") do valid = valid + 1 end
end
ws.check(valid == 0, "lines left valid after the flush: " .. valid)
ws.say(string.format(
  "3/3 cycle %d, a barrier flush. Every warp of CTA slot %d reached the barrier: every lane's tinyCache writes back the dirty half-words of its lines (%d lines: keys and counts in global memory, keys in shared memory; %d lines left earlier, replaced by others) and invalidates every line, so that after the barrier each thread reads the others' writes from the L1D or shared memory. The CTA's warps wait until the write-backs have left the LD/ST unit.",
  ws.cycle(), flush.cta, flush.writebacks, wbs - flush.writebacks))
ws.pause()

local st = ws.run()
local got, r = out:read(), rec:read()
for t = 0, n - 1 do
  local b = t // threads * threads
  local nb = b + (t - b + 1) % threads
  local want = 3 * nb + 1 + counts0[t] + 1
  ws.check(got[t + 1] == want, string.format("out[%d] = %d, want %d", t, got[t + 1], want))
  ws.check(r[16 * t + 1] == 3 * t + 1 and r[16 * t + 2] == counts0[t] + 1,
           "record " .. t)
end
local tc = st.tinycache
ws.say(string.format(
  "done: %d partial and %d full write-backs, %d merges on read (rh(i)), %d barrier flushes. Each record is touched once: the L1D saw %d accesses where it would have seen %d without the tinyCaches (fills and write-backs, no reuse to filter).",
  tc.writebacks_partial, tc.writebacks_full, tc.transitions["rh(i)"],
  tc.barrier_flushes, tc.l1d_sent, tc.l1d_would_be))
ws.check(tc.transitions["rh(i)"] == n, "one merge on read per thread")

-- The lab's question, and the command that answers it
require("lab").ask("Question: of the L1D accesses this kernel would have made without the "
  .. "lane caches, how many did they take away, and how many of the ones left are "
  .. "their own fills and write-backs? Answer it with `info stats` (tinycache: "
  .. "l1d_would_be, l1d_sent, fills_global, fills_shared, writebacks_partial, "
  .. "writebacks_full).", "l1d_would_be", "l1d_sent", "fills_global",
  "writebacks_partial", "writebacks_full")
