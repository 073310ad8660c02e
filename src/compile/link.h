/*
** link.h - flatten one kernel: inline every call to a .func.
** The simulator runs kernels as one flat instruction list, the way ptxas
** inlines device functions: each call site gets its own copy of the callee
** with fresh registers, its .param variables bound to the caller's
** call-sequence variables, and `ret` turned into a branch to the return
** point. Recursion is reported as unsupported. Instructions keep their
** source positions (and say which function they were inlined from), so
** diagnostics and the Source pane still point at the original PTX.
*/
#ifndef WS_LINK_H
#define WS_LINK_H
#include "ptx/ir.h"
#include "util/diag.h"

/*
** Builds the flat function for entry `entry` of module m into *out (which
** owns copies of everything it needs except interned names and module-level
** variables, which stay in m). Label operands refer to out's labels; OP_RET
** of the entry means exit. Returns WS_OK or WS_ERR with diag filled.
*/
int link_kernel(const struct ptx_module *m, int entry, struct ptx_func *out,
                struct ws_diag *diag);

/* Frees what link_kernel allocated in f (not f itself). */
void link_free(struct ptx_func *f);

#endif
