-- acc_atomftz: atom.global.add.f32 vs atom.shared.add.f32 with subnormal
-- values. PTX ISA, atom: "The atom.add.f32 operation without .noftz flushes
-- subnormal inputs and results to sign-preserving zero on global memory but
-- supports subnormal inputs and results ... on shared memory." nvcc emits
-- the plain form for atomicAdd(float*, float).
--  * global: 64 threads add the subnormal v = 2^-140 to 0.0: the flushed
--    input leaves 0.0, every returned old value is 0.0
--  * global: 1.5 * 2^-126 + (-2^-126) = 2^-127 is subnormal: flushed to +0.0
--  * shared: the same 64 additions keep the subnormal sum 64 * 2^-140
-- Kernel: tests/kernels/acc_atomftz.cu

local m = ws.load_ptx("../../tests/kernels/acc_atomftz.ptx")

local B, G = 32, 2
local v = 2.0 ^ -140
local w = -(2.0 ^ -126)
local g = ws.alloc("f32", 2); g:write({ 0.0, 1.5 * 2.0 ^ -126 })
local olds = ws.alloc("f32", B * G + 1)
local so = ws.alloc("f32", G)
ws.launch(m, "atom_ftz", { grid = G, block = B, args = { g, olds, so, v, w } })
ws.run()

local gr, o, s = g:read(), olds:read(), so:read()
ws.check(gr[1] == 0 and 1 / gr[1] > 0, string.format("atom.global.add.f32 of subnormals: final %g, expected +0 (inputs flushed)", gr[1]))
for i = 1, B * G do
  ws.check(o[i] == 0, string.format("atom.global.add.f32 old value [%d] = %g, expected 0", i - 1, o[i]))
end
ws.check(o[B * G + 1] == 1.5 * 2.0 ^ -126, string.format("atom.global.add.f32 old of the second counter = %g, expected %g", o[B * G + 1], 1.5 * 2.0 ^ -126))
ws.check(gr[2] == 0 and 1 / gr[2] > 0, string.format("atom.global.add.f32 with a subnormal result: %g, expected +0 (result flushed)", gr[2]))
for b = 1, G do
  ws.check(s[b] == B * v, string.format("atom.shared.add.f32 of subnormals: block %d sum %g, expected %g (kept)", b - 1, s[b], B * v))
end

print("acc_atomftz: OK (global flushes subnormals, shared keeps them)")
