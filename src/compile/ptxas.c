/* ptxas.c - register counts from ptxas -v output (see ptxas.h). */
#include "compile/ptxas.h"
#include "util/fileio.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ptxas_parse(const char *text, size_t len, struct ptxas_count **out)
{
    *out = NULL;
    int n = 0;
    char name[256] = "";
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t ll = nl ? (size_t)(nl - p) : (size_t)(end - p);
        char line[512];
        if (ll >= sizeof line)
            ll = sizeof line - 1;
        memcpy(line, p, ll);
        line[ll] = '\0';
        p += ll + 1;
        const char *c = strstr(line, "Compiling entry function '");
        const char *u = strstr(line, "Used ");
        int regs;
        if (c) {
            c += strlen("Compiling entry function '");
            const char *e = strchr(c, '\'');
            name[0] = '\0';
            if (e && (size_t)(e - c) < sizeof name) {
                memcpy(name, c, (size_t)(e - c));
                name[e - c] = '\0';
            }
        } else if (u && name[0] && sscanf(u, "Used %d registers", &regs) == 1) {
            *out = ws_xrealloc(*out, (size_t)(n + 1) * sizeof **out);
            (*out)[n].name = ws_xstrdup(name);
            (*out)[n].regs = regs;
            n++;
            name[0] = '\0';
        }
    }
    return n;
}

void ptxas_free(struct ptxas_count *v, int n)
{
    for (int i = 0; i < n; i++)
        free(v[i].name);
    free(v);
}

char *ptxas_path(const char *ptx_path)
{
    size_t n = strlen(ptx_path);
    char *path = ws_xmalloc(n + 7);
    memcpy(path, ptx_path, n + 1);
    if (n >= 4 && strcmp(path + n - 4, ".ptx") == 0)
        memcpy(path + n - 4, ".ptxas", 7);
    else
        memcpy(path + n, ".ptxas", 7);
    return path;
}

int ptxas_read_beside(const char *ptx_path, struct ptxas_count **out)
{
    *out = NULL;
    char *path = ptxas_path(ptx_path);
    size_t len;
    char *text = ws_read_file(path, &len);
    free(path);
    if (!text)
        return -1;
    int k = ptxas_parse(text, len, out);
    free(text);
    return k;
}
