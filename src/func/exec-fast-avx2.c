/*
** exec-fast-avx2.c - exec-fast.c built a second time, for hosts with
** AVX2, FMA and BMI (the Makefile gives this object -mavx2 -mfma -mbmi
** -mbmi2 on x86-64): the same C, whose 32-lane loops the compiler now
** vectorises eight lanes at a time. Its functions carry the suffix _avx2;
** exec.c calls them instead of exec-fast.c's where the host has those
** instructions (fx_set_wide). The results are the same bits.
*/
#ifdef WS_AVX2
#ifndef __AVX2__
#error "exec-fast-avx2.c must be built with -mavx2 -mfma -mbmi -mbmi2"
#endif
#define FX_AVX2 1
#define fx_fast_mov fx_fast_mov_avx2
#define fx_fast_cvt fx_fast_cvt_avx2
#define fx_fast_cvta fx_fast_cvta_avx2
#define fx_fast_setp fx_fast_setp_avx2
#define fx_fast_alu fx_fast_alu_avx2
#include "func/exec-fast.c"
#endif
