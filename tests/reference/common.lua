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
-- miss %, DRAM MB read and written (10^6 bytes).
function M.report(name, st)
  local function pct(a, b) return b > 0 and 100 * a / b or 0 end
  print(string.format("reference %s cycles %d ipc %.2f l1miss %.0f l2miss %.0f dramrd %.2f dramwr %.2f",
    name, st.cycles, st.ipc, pct(st.l1d.misses, st.l1d.accesses),
    pct(st.l2.misses, st.l2.accesses), st.dram.read_bytes / 1e6, st.dram.write_bytes / 1e6))
end
return M
