-- fuse_hybrid: the hybrid L1D without swap buffer or tag queue (FUSE's
-- "Hybrid"): every SRAM victim is written into STT-MRAM while the L1
-- waits, so requests are refused for STT-MRAM writes (stall cycles
-- stt_write) and nothing is queued; an STT-MRAM hit is a one-cycle read
-- like an SRAM hit. (The results: tests/run.sh runs every example under
-- hybrid, atax included.)
local v = require "verify"
ws.config{ preset = "teach", design = "fuse", fuse = { variant = "hybrid" },
           l1d = { write_global = "back" } }
local M, N = 128, 160
local rng = v.lcg(6)
local function rf() return ((rng() >> 7) - (1 << 23)) / (1 << 23) end
local A, x, t, y = ws.alloc("f32", M * N), ws.alloc("f32", N), ws.alloc("f32", M), ws.alloc("f32", N)
A:write(function() return rf() end)
x:write(function() return rf() end)
local writes = 0
ws.on("fuse.migrate", function(e)
  ws.check(e.move ~= "stt>sram:wm", "no predictor, no WM migration")
  if e.move == "sram>stt" then writes = writes + 1 end
end)
local m = ws.load_ptx("../../examples/kernels/atax.ptx")
ws.launch(m, "atax_ax", { grid = 1, block = 128, args = { M, N, A, x, t } })
ws.launch(m, "atax_aty", { grid = 2, block = 128, args = { M, N, A, t, y } })
local st = ws.run()
local f = st.fuse
ws.check(f.variant == "hybrid" and not f.queues, "hybrid has no queues")
ws.check(writes > 0 and writes == f.stt_commands.drain, "victims written into STT-MRAM")
ws.check(f.stall_cycles.stt_write > 0, "the L1 waited for STT-MRAM writes")
ws.check(f.stall_cycles.tag_queue + f.stall_cycles.swap_buffer + f.stall_cycles.flush == 0,
         "no queue to fill")
ws.check(f.tag_queue.entry_cycles == 0 and f.swap_buffer.entry_cycles == 0, "nothing queued")
ws.check(f.stt.hits > 0 and f.stt_wait_cycles == 0, "STT-MRAM hits never wait behind a write")
ws.check(f.tag_search.rows_per_search == 1, "set-associative STT-MRAM: one row per search")
ws.check(st.energy_pj.fuse_stt > 0 and st.energy_pj.fuse_sram > 0, "both banks' energy")
