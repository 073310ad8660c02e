-- fuse_fa_invariants: fa-fuse (approximately fully associative STT-MRAM)
-- on mvt, whose strided kernel touches 32 lines 1 KB apart per warp load:
-- the SRAM's victims fill STT-MRAM, whose tag search tests every CBF and
-- polls the positive rows. The statistics agree with each other and with
-- the events (every STT-MRAM write is a drain, fill or store command;
-- every search tests all 128 filters; false positives cost polled rows).
-- (The results: tests/run.sh runs every example under fa-fuse, mvt
-- included.)
local v = require "verify"
ws.config{ preset = "teach", design = "fuse", fuse = { variant = "fa-fuse" },
           l1d = { write_global = "back" } }
local N = 128
local rng = v.lcg(8)
local function rd() return ((rng() >> 12) - (1 << 18)) / 1024.0 end
local A, y1, y2, x1, x2 = ws.alloc("f64", N * N), ws.alloc("f64", N), ws.alloc("f64", N),
                          ws.alloc("f64", N), ws.alloc("f64", N)
for _, b in ipairs{ A, y1, y2, x1, x2 } do b:write(function() return rd() end) end

local moves, fp_rows, fp_events, places = 0, 0, 0, 0
ws.on("fuse.migrate", function(e) moves = moves + 1 end)
ws.on("fuse.cbf_false_positive", function(e)
  ws.check(e.false_rows >= 1 and e.rows >= e.false_rows, "false rows within the rows polled")
  fp_rows, fp_events = fp_rows + e.false_rows, fp_events + 1
end)
ws.on("fuse.place", function(e)
  ws.check(e.class == "none" and e.stt == 0, "fa-fuse fills SRAM without predicting")
  places = places + 1
end)

local m = ws.load_ptx("../../examples/kernels/mvt.ptx")
ws.launch(m, "mvt_x1", { grid = (N + 63) // 64, block = 64, args = { N, A, y1, x1 } })
ws.launch(m, "mvt_x2", { grid = (N + 63) // 64, block = 64, args = { N, A, y2, x2 } })
local st = ws.run()
local f = st.fuse
local c = f.stt_commands
ws.check(f.stt.writes == c.drain + c.fill + c.store, "STT-MRAM writes are commands")
ws.check(f.migrations.sram_to_stt == c.drain and c.drain > 0, "victims drained from the swap buffer")
ws.check(f.stt.reads == c.read and f.stt.fills == 0 and c.fill == 0, "no predictor: fills go to SRAM")
ws.check(f.loads == f.sram.hits + f.stt.hits + f.misses, "every load hits a bank or misses")
ws.check(f.stt.hits > 0, "STT-MRAM holds the SRAM's victims")
ws.check(moves == f.migrations.sram_to_stt + f.migrations.stt_to_sram, "a migrate event per move")
ws.check(places == f.sram.fills + f.store_misses, "a place event per fill and per store allocating a line")
ws.check(f.cbf.tests == 128 * f.tag_search.searches, "every search tests all 128 filters")
ws.check(fp_rows == f.cbf.false_positive_rows_polled and fp_events > 0, "false positives polled")
ws.check(f.tag_search.rows_polled >= f.stt.hits + f.cbf.false_positive_rows_polled,
         "a hit polls its row, a false positive its own")
ws.check(f.cbf.false_positive_rate > 0 and f.cbf.false_positive_rate < 1, "a false-positive rate")
ws.check(f.predictions.neutral + f.predictions.worm == 0 and f.accuracy["true"] == 0,
         "no predictor in fa-fuse")
ws.check(f.swap_buffer.average_entries > 0 and f.tag_queue.average_entries > 0, "queues used")
ws.check(st.l1d.hits == f.sram.hits + f.stt.hits, "the l1d section is the two banks'")
