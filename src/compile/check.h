/*
** check.h - the semantic rules of PTX instructions that the parser's
** shape checks cannot make: which types an opcode takes, which modifiers
** go together, how many operands a form has, where video operand
** selectors are valid. Used by decode.c when it builds a kernel image.
*/
#ifndef WS_CHECK_H
#define WS_CHECK_H
#include <stdarg.h>
#include "ptx/ir.h"
#include "util/diag.h"

/* Checks instruction `in` of module m; WS_OK, or WS_ERR with diag at the
   instruction's file:line:col (source line quoted). */
int kcheck_inst(const struct ptx_module *m, const struct ptx_inst *in,
                struct ws_diag *diag);

/* Records an error at line:col (width characters underlined) of m's
   source in diag; returns WS_ERR. */
int kcheck_verror(const struct ptx_module *m, struct ws_diag *diag, int line,
                  int col, int width, const char *fmt, va_list ap)
    __attribute__((format(printf, 6, 0)));

#endif
