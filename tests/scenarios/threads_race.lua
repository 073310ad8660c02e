-- threads_race: CTAs on all 15 SMs of fermi race on global memory in the
-- same cycles (tests/kernels/threads_race.cu): tickets from one atomic
-- counter, a word every thread stores and reads back, and a chain where
-- each thread reads what its neighbour writes. Which thread wins a race
-- is decided by the model (SMs in SM order within a cycle), never by the
-- host: with sim.threads = 2 the SMs run on two host threads and every
-- value must be the same. The scenario checks that the values are ones
-- the kernel can produce and that the races really happened, and prints
-- a digest of every value, which tests/run.sh compares between
-- sim.threads = 1 and 2.
ws.config{ preset = "fermi" }
local m = ws.load_ptx("../kernels/threads_race.ptx")
local n, rounds = 60 * 128, 8
local counter = ws.alloc("u32", 1); counter:write({ 0 })
local ticket = ws.alloc("u32", rounds * n)
local word = ws.alloc("u32", 1); word:write({ 0 })
local seen = ws.alloc("u32", rounds * n)
local chain = ws.alloc("u32", n); chain:write(function() return 0 end)
local got = ws.alloc("u32", n)
ws.launch(m, "threads_race", { grid = 60, block = 128,
  args = { counter, ticket, word, seen, chain, got, n } })
ws.run()

local T, S, G = ticket:read(), seen:read(), got:read()
ws.check(counter:read()[1] == rounds * n, "the counter counts every ticket")
local taken, inorder, writers, neighbour = {}, true, {}, 0
local digest = 2166136261
local function mix(v)
  digest = ((digest ~ v) * 16777619) & 0xffffffff
end
for k = 1, rounds * n do
  local t, i = T[k], (k - 1) % n + 1
  ws.check(t < rounds * n and not taken[t],
    string.format("thread %d: ticket %d is out of range or taken twice", i - 1, t))
  taken[t] = true
  if t ~= k - 1 then inorder = false end
  ws.check(S[k] < n, string.format("thread %d read %d from the shared word: no thread wrote that", i - 1, S[k]))
  writers[S[k]] = true
  mix(t); mix(S[k])
end
for i = 1, n do
  ws.check(G[i] == 0 or G[i] == i - 1,
    string.format("thread %d read %d from its neighbour's word (0 or %d)", i - 1, G[i], i - 1))
  if G[i] ~= 0 then neighbour = neighbour + 1 end
  mix(G[i])
end
local nwriters = 0
for _ in pairs(writers) do nwriters = nwriters + 1 end
-- the races happened: the SMs' atomics interleaved, several threads'
-- stores were the last one seen, and some neighbours had written first
ws.check(not inorder, "tickets were served in thread order: the CTAs did not race")
ws.check(nwriters > 1, "every read of the shared word saw the same writer: no race")
ws.check(neighbour > 0 and neighbour < n - 1, "the neighbour chain saw no race")
print(string.format("threads_race: %d threads, %d last writers seen, %d neighbours first; digest %08x",
  n, nwriters, neighbour, digest))
