/*
** print.h - print compiled instructions with physical registers.
** 32-bit registers print as R7, 64-bit pairs as R6:7, predicates as P2;
** with `dead` set, a source register that dies at the instruction (for the
** whole warp) is marked with '*'. Constants, special registers and names
** keep their PTX spelling. Used by `warpscope inspect` and the Source pane.
*/
#ifndef WS_PRINT_H
#define WS_PRINT_H
#include <stdbool.h>
#include "compile/image.h"
#include "util/strbuf.h"

void print_inst(const struct kimage *k, int32_t i, bool dead,
                struct strbuf *out);
/* Name of a register of the flat function after allocation. */
void print_reg(const struct kimage *k, int32_t vreg, struct strbuf *out);
/* The physical registers in a set of virtual registers (bitset over the
   flat function's registers), each printed once. */
void print_regset(const struct kimage *k, const uint64_t *vset,
                  struct strbuf *out);

#endif
