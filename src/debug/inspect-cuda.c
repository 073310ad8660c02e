/*
** inspect-cuda.c - the CUDA source line of an instruction, for the TUI's
** Source pane (see inspect.h): where the PTX's .loc says it comes from
** and, when the .cu file is next to the PTX file, the text of that line.
*/
#include "debug/inspect.h"
#include "util/fileio.h"
#include "util/paths.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Line `line` (1-based) of text, without its newline, into buf. */
static bool nth_line(const char *text, size_t len, int line, char *buf, size_t n)
{
    const char *p = text, *end = text + len;
    for (int l = 1; l < line && p < end; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            return false;
        p = nl + 1;
    }
    if (p >= end)
        return false;
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t l = (size_t)((nl ? nl : end) - p);
    while (l && (p[l - 1] == '\r'))
        l--;
    while (l && (*p == ' ' || *p == '\t'))
        p++, l--;
    if (l >= n)
        l = n - 1;
    memcpy(buf, p, l);
    buf[l] = 0;
    for (size_t i = 0; i < l; i++)      /* a tab or control byte prints as a space */
        if ((unsigned char)buf[i] < 32)
            buf[i] = ' ';
    return true;
}

bool inspect_cuda_line(const struct kimage *k, int32_t pc, char *where,
                       size_t wn, char *text, size_t tn)
{
    if (tn)
        text[0] = 0;
    if (!k || pc < 0 || pc >= k->ninst ||
        !ptx_inst_cuda(k->mod, &k->flat.insts.v[pc], where, wn))
        return false;
    const struct ptx_inst *in = &k->flat.insts.v[pc];
    const char *name = ptx_module_file(k->mod, in->loc_file);
    char *dir = ws_dirname(k->mod->path);
    char *path = ws_path_join(dir, name);
    size_t len = 0;
    char *src = tn ? ws_read_file(path, &len) : NULL;
    if (src)
        nth_line(src, len, in->loc_line, text, tn);
    free(src);
    free(path);
    free(dir);
    return true;
}
