/*
** exec-mem-avx2.c - exec-mem.c built a second time, for hosts with AVX2,
** FMA and BMI (as exec-fast-avx2.c): its address checks, copies and
** gathers on whole warps eight lanes at a time. Its functions carry the
** suffix _avx2; exec.c calls them where the host has those instructions
** (fx_set_wide). The results are the same bits.
*/
#ifdef WS_AVX2
#ifndef __AVX2__
#error "exec-mem-avx2.c must be built with -mavx2 -mfma -mbmi -mbmi2"
#endif
#define FX_AVX2 1
#define fx_fast_mem fx_fast_mem_avx2
#define fx_mem fx_mem_avx2
#define fx_atom fx_atom_avx2
#include "func/exec-mem.c"
#endif
