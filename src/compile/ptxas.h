/*
** ptxas.h - register counts from NVIDIA's ptxas, in the text `ptxas -v`
** prints: per kernel its "Compiling entry function 'NAME'" line and the
** "Used N registers" line after it. scripts/gen-ptx.sh records that text
** as NAME.ptxas beside every NAME.ptx, so the counts are known without
** CUDA; `warpscope inspect` can also run ptxas itself (cli/ptxas.c).
*/
#ifndef WS_COMPILE_PTXAS_H
#define WS_COMPILE_PTXAS_H
#include <stddef.h>

struct ptxas_count {
    char *name;              /* kernel (entry function) */
    int regs;
};

/* The kernels counted in `text` (len bytes): an array in *out (free with
   ptxas_free) and its length; 0 when the text counts none. */
int ptxas_parse(const char *text, size_t len, struct ptxas_count **out);
void ptxas_free(struct ptxas_count *v, int n);

/* The file recording ptxas's report of PTX file ptx_path: its name with
   .ptxas in place of .ptx (caller frees). */
char *ptxas_path(const char *ptx_path);

/* The recorded counts of PTX file ptx_path (ptxas_path). -1 when there is
   no such file. */
int ptxas_read_beside(const char *ptx_path, struct ptxas_count **out);

#endif
