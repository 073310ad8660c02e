-- Shared inputs of the reference scenarios (the same functions as the
-- GPGPU-Sim host driver host.cu), and the size each scenario runs at.
local M = {}
function M.va(i) return ((i * 7) % 17) * 0.125 - 1.0 end
function M.vb(i) return ((i * 5) % 13) * 0.25 - 1.5 end
local s = 12345
function M.lcg() s = (s * 1103515245 + 12345) & 0x7fffffff; return s >> 8 end
-- The reference runs are on `fermi`. workload.size = paper is the size
-- GPGPU-Sim ran (the comparison in docs/validation.md, `make reference`);
-- test (the default) is a small size for `make test`.
function M.size(test, paper)
  ws.config{ preset = "fermi" }
  return ws.config()["workload.size"] == "paper" and paper or test
end
-- One line of the counters docs/validation.md compares with GPGPU-Sim's
-- (scripts/reference.sh reads it): cycles, warp IPC, L1D load miss %, L2
-- miss %, DRAM MB read and written (10^6 bytes), and written as 32 bytes
-- per DRAM column command (how GPGPU-Sim's figure counts them).
function M.report(name, st)
  local function pct(a, b) return b > 0 and 100 * a / b or 0 end
  print(string.format("reference %s cycles %d ipc %.2f l1miss %.0f l2miss %.0f dramrd %.2f dramwr %.2f dramwrcol %.2f",
    name, st.cycles, st.ipc, pct(st.l1d.misses, st.l1d.accesses),
    pct(st.l2.misses, st.l2.accesses), st.dram.read_bytes / 1e6, st.dram.write_bytes / 1e6,
    st.dram.write_columns * 32 / 1e6))
end
-- bankconf at word stride `stride` (scenario `name`): 256 threads each
-- read s[(t * stride + i) & 1023] for i < iters from shared memory (one
-- CTA, one SM); GPGPU-Sim ran 256 iterations (paper size).
function M.bankconf(name, stride)
  local m = ws.load_ptx("kernels.ptx")
  local iters = M.size(32, 256)
  local out = ws.alloc("f32", 256)
  ws.launch(m, "bankconf", { grid = 1, block = 256, args = { stride, iters, out } })
  M.report(name, ws.run())
  local bad = 0
  for t = 0, 255 do
    local s = 0
    for i = 0, iters - 1 do s = s + ((t * stride + i) & 1023) end
    if s ~= out:get(t) then bad = bad + 1 end
  end
  ws.check(bad == 0, "bankconf stride " .. stride .. " mismatches: " .. bad)
end
-- chase (scenario `name`): one thread follows next[j] through `bytes` at
-- a 128-byte stride, `paper_hops` dependent loads at paper size.
function M.chase(name, bytes, paper_hops)
  local m = ws.load_ptx("kernels.ptx")
  local hops, st = M.size(256, paper_hops), 32
  local nw = bytes // 4
  local nx, out = ws.alloc("u32", nw), ws.alloc("u32", 1)
  nx:write(function(i) return (i + st) % nw end)
  ws.launch(m, "chase", { grid = 1, block = 1, args = { nx, hops, out } })
  M.report(name, ws.run())
  ws.check(out:get(0) == (hops * st) % nw, "chase end index " .. out:get(0))
end
return M
