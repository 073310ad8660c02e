/* xalloc.c - allocation wrappers that abort on exhaustion (see xalloc.h). */
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void oom(size_t n)
{
    fprintf(stderr, "warpscope: out of memory (requested %zu bytes)\n", n);
    abort();
}

void *ws_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        oom(n);
    return p;
}

void *ws_xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p)
        oom(count * size);
    return p;
}

void *ws_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        oom(n);
    return q;
}

char *ws_xstrndup(const char *s, size_t n)
{
    char *p = ws_xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *ws_xstrdup(const char *s)
{
    return ws_xstrndup(s, strlen(s));
}

void *ws_xaligned(size_t align, size_t n)
{
    void *p = NULL;
    if (posix_memalign(&p, align, n ? n : 1) != 0)
        oom(n);
    memset(p, 0, n ? n : 1);
    return p;
}
