-- acc_params: kernel parameters of every scalar width in one .param list:
-- .u8 (signed char and unsigned char), .u16 (short, unsigned short), .u32
-- (int, unsigned), .u64 (long long, unsigned long long, a pointer), .f32,
-- .f64, each slot at its natural alignment. nvcc declares signed integer
-- parameters with unsigned .param types (signed char -> .param .u8, int ->
-- .param .u32) and sign-extends in the kernel (ld.param.s8), so a scenario
-- must be able to pass the C values: c = -5, s = -1234, i32 = -123456789;
-- the unsigned long long is passed as the bit pattern -2
-- (0xfffffffffffffffe), the only way to write it as a Lua integer.
-- Thread t returns parameter t widened to long long; threads 10..31 return
-- c + uc + s + us + i32 (int arithmetic) + (long long)u32.
-- Kernel: tests/kernels/acc_frames.cu (params_mixed)

local m = ws.load_ptx("../../tests/kernels/acc_frames.ptx")

local P = { c = -5, uc = 250, s = -1234, us = 65000, i32 = -123456789, i64 = -9876543210123, f = 2.75,
  d = -3.5, u32 = 0xfffffff0, u64 = -2 }
local bp = ws.alloc("s64", 32)
ws.launch(m, "params_mixed", { grid = 1, block = 32,
  args = { P.c, P.uc, P.s, P.us, P.i32, P.i64, P.f, P.d, P.u32, P.u64, bp } })
ws.run()

local pr = bp:read()
local ep = { P.c, P.uc, P.s, P.us, P.i32, P.i64, 11, -3584, P.u32, P.u64 }
local names = { "signed char", "unsigned char", "short", "unsigned short", "int", "long long", "(long long)(f*4)",
  "(long long)(d*1024)", "unsigned", "unsigned long long" }
local sum = P.c + P.uc + P.s + P.us + P.i32 + P.u32       -- int sum (no overflow), then + (long long)u32
for t = 0, 31 do
  local e = ep[t + 1] or sum
  ws.check(pr[t + 1] == e, string.format("params_mixed thread %d (%s) = %d, expected %d", t, names[t + 1] or "sum", pr[t + 1], e))
end

print("acc_params: OK (10 parameter widths, 32 threads)")
