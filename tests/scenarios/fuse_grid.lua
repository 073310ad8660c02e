-- fuse_grid: what design fuse shows (ws.fuse, info fuse, the Design
-- pane's grids) while the placement kernel runs under dy-fuse: both banks
-- with a row per set or tag row, lines drawn from the legend, the tag
-- queue and swap buffer at their sizes, the sampler's sets; rows filter
-- by label prefix; a block is in at most one bank; the results are exact.
ws.config{ preset = "teach", design = "fuse", fuse = { variant = "dy-fuse" },
           l1d = { write_global = "back" } }
local threads, iters = 512, 24
local stream = ws.alloc("f32", threads * iters)
local tab = ws.alloc("f32", 1024)
local acc = ws.alloc("f32", threads)
local out = ws.alloc("f32", threads)
stream:write(function(i) return i % 3 end)
tab:write(function(i) return i % 4 end)
acc:write(function() return 1 end)
local m = ws.load_ptx("../../examples/kernels/fuse_placement.ptx")
ws.launch(m, "placement", { grid = 1, block = threads,
                            args = { stream, tab, acc, out, iters } })
ws.step(1500)

local d = ws.fuse(0)
ws.check(d.design == "fuse" and d.variant == "dy-fuse", "design and variant named")
ws.check(#d.grids == 4, "SRAM, STT-MRAM, queues and predictor grids: " .. #d.grids)
local sram, stt, q, pred = d.grids[1], d.grids[2], d.grids[3], d.grids[4]
ws.check(sram.title:find("SRAM: 64 sets x 2 ways") ~= nil, sram.title)
ws.check(stt.title:find("1 set x 512 ways, FIFO") ~= nil, stt.title)
local function codes(g)
  local s = ""
  for _, l in ipairs(g.legend) do s = s .. l.code end
  return s
end
for _, g in ipairs{ sram, stt } do
  ws.check(#g.rows > 0, g.title .. ": rows for the sets holding lines")
  local allowed = "^[" .. codes(g):gsub("%.", "%%.") .. "]+$"
  for _, r in ipairs(g.rows) do
    ws.check(r.cells:match(allowed) ~= nil, "cells from the legend: " .. r.cells)
    ws.check(#r.details == #r.cells, "a detail per cell")
  end
end
for _, r in ipairs(sram.rows) do ws.check(#r.cells == 2 and r.label:match("^s%.%d%d$"), r.label) end
for _, r in ipairs(stt.rows) do
  ws.check(#r.cells == 4 and r.label:match("^t%.%d%d%d$"), r.label)
  ws.check(r.note[1].t:match("^cbf [0-3]+$") and #r.note[1].t == 4 + 16, "16 CBF counters: " .. r.note[1].t)
end
ws.check(q.rows[1].label == "tq" and #q.rows[1].cells == 16, "a cell per tag-queue entry")
ws.check(q.rows[2].label == "sb" and #q.rows[2].cells == 3, "a cell per swap-buffer register")
ws.check(#pred.rows >= 4 and pred.rows[1].label == "p.0" and #pred.rows[1].cells == 8,
         "the sampler's sets")
ws.check(pred.rows[2].note[1].t == "warp 4", "sampled warp of set 1: " .. pred.rows[2].note[1].t)

-- a block lives in one bank only; the lines list agrees with the grids
local seen, ns, nt = {}, 0, 0
for _, l in ipairs(d.lines) do
  ws.check(not seen[l.addr], string.format("line 0x%x held twice", l.addr))
  seen[l.addr] = true
  if l.bank == "sram" then ns = ns + 1 else nt = nt + 1 end
end
local function count(g)
  local n = 0
  for _, r in ipairs(g.rows) do n = n + #r.cells:gsub("%.", "") end
  return n
end
ws.check(ns == count(sram) and nt == count(stt), "lines match the grids")

-- rows filter by label prefix, under the design's name and in `info`
local t = ws.fuse(0, "t.")
ws.check(#t.grids[2].rows == #stt.rows and #t.grids[1].rows == 0, "t. selects STT-MRAM rows")
local text = ws.cmd("info fuse tq")
ws.check(text:find("tag queue") and text:find("\n  tq ") and not text:find("s%.%d"), "info fuse tq: " .. text)

local st = ws.run()
local f = st.fuse
ws.check(f.stall_cycles.total >= 0 and f.tag_search.searches > 0, "searches counted")
ws.check(st.energy_pj.fuse_sram > 0 and st.energy_pj.fuse_stt > 0, "both banks' energy")
local a = acc:read()
local s, want = 0, 1
for i = 0, iters - 1 do
  s = s + (i * 32 % 1024) % 4 + (i * threads) % 3
  want = want + s
end
ws.check(a[1] == want, string.format("acc[0] = %g, want %g", a[1], want))
