/*
** loc.c - the CUDA source location of a PTX instruction: nvcc -lineinfo
** (or -G) writes `.file N "name.cu"` once per module and `.loc N LINE COL`
** before the instructions of each source line; the parser keeps both
** (ptx_inst.loc_file/loc_line, ptx_module.files). Faults and the TUI name
** the .cu line next to the PTX one.
*/
#include "ptx/ir.h"
#include <stdio.h>

const char *ptx_module_file(const struct ptx_module *m, int id)
{
    for (size_t i = 0; i < m->files.n; i++)
        if (m->files.v[i].id == id)
            return m->files.v[i].name;
    return NULL;
}

int ptx_inst_cuda(const struct ptx_module *m, const struct ptx_inst *in,
                  char *buf, size_t n)
{
    const char *f = in->loc_line > 0 ? ptx_module_file(m, in->loc_file) : NULL;
    if (!f || n == 0)
        return 0;
    snprintf(buf, n, "%s:%d", f, in->loc_line);
    return 1;
}
