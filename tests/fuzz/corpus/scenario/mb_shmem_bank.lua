-- shmem_bank: the shared-memory bank-conflict degree for word strides 1, 2,
-- 4, 8, 16 and 32 (and 3, to show an odd stride), measured as in Wong et al.
-- (ISPASS 2010) with one warp in which lane l reads word l * stride
-- (shmem_bank.cu).
--
-- Each launch times REPS dependent warp loads of the same 32 words. A load
-- whose busiest bank must deliver d distinct words takes d - 1 cycles more
-- than a conflict-free one, so
--     d = (T(stride) - T(0)) / REPS + 1
-- where T is the measured time for the REPS loads and stride 0 (every lane
-- reads the same word, a broadcast) is the conflict-free reference. The
-- expected degree is worked out below from the bank mapping itself: word w
-- lives in bank w mod shmem.banks, and the degree is the largest number of
-- distinct words any bank holds among the 32 addresses.
--
-- Timings exist only in timing mode (sim.mode = "timing"); in functional
-- mode %clock counts instructions and only the values the lanes read back
-- are checked.

ws.config{ preset = "teach" }
local cfg = ws.config()
local mb = require "mb"
local m = ws.load_ptx("../microbench/shmem_bank.ptx")

local REPS = 32                    -- loads per launch, as in shmem_bank.cu
local STRIDES = { 0, 1, 2, 3, 4, 8, 16, 32 }
local banks = cfg["shmem.banks"]

-- Largest number of distinct words one bank must deliver for the warp.
local function expected_degree(stride)
  local words_in_bank, degree = {}, 0
  for lane = 0, 31 do
    local w = lane * stride
    local b = w % banks
    words_in_bank[b] = words_in_bank[b] or {}
    if not words_in_bank[b][w] then
      words_in_bank[b][w] = true
      local count = 0
      for _ in pairs(words_in_bank[b]) do count = count + 1 end
      degree = math.max(degree, count)
    end
  end
  return degree
end

local time_out = ws.alloc("u32", 1)
local val_out = ws.alloc("u32", 32)

print(string.format("shmem_bank: preset %s, sim.mode %s, %d banks", cfg.preset, cfg["sim.mode"], banks))
local T, stats = {}, nil
for _, s in ipairs(STRIDES) do
  ws.launch(m, "shmem_bank", { grid = 1, block = 32, args = { s, time_out, val_out } })
  stats = ws.run()
  T[s] = time_out:get(0)
  -- Every lane's chain stays on its own word.
  local bad = 0
  for lane, v in ipairs(val_out:read()) do
    if v ~= (lane - 1) * s then bad = bad + 1 end
  end
  ws.check(bad == 0, string.format("stride %d: %d lanes read the wrong value", s, bad))
end

if cfg["sim.mode"] ~= "timing" then
  print(string.format("%8s %10s", "stride", "expected"))
  for _, s in ipairs(STRIDES) do print(string.format("%8d %10d", s, expected_degree(s))) end
  print(string.format("every lane read back its own word for all %d strides", #STRIDES))
  mb.timed(cfg)
  return
end

local base = T[0]
print(string.format("%8s %12s %12s %10s %10s", "stride", "cycles", "per load", "degree", "expected"))
local ok = true
for _, s in ipairs(STRIDES) do
  local extra = T[s] - base
  -- The extra time must be a whole number of cycles per load.
  local degree = extra % REPS == 0 and extra // REPS + 1 or nil
  local want = expected_degree(s)
  print(string.format("%8d %12d %12.2f %10s %10d", s, T[s], T[s] / REPS,
                      degree and tostring(degree) or string.format("%.2f", extra / REPS + 1), want))
  ws.check(degree == want, string.format("stride %d: degree %s, expected %d",
                                         s, tostring(degree or extra / REPS + 1), want))
  ok = ok and degree == want
end
print(string.format("conflict-free load: %.2f cycles, shmem.latency = %d, difference %.2f",
                    base / REPS, cfg["shmem.latency"], base / REPS - cfg["shmem.latency"]))
print(ok and "all degrees as expected" or "some degrees differ")
