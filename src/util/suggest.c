/* suggest.c - edit distance for suggestions (see suggest.h). */
#include "util/suggest.h"
#include <stdio.h>
#include <string.h>

int ws_edit_distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > 64 || m > 64)
        return 99;
    int d[65][65];
    for (size_t i = 0; i <= n; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= m; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= n; i++)
        for (size_t j = 1; j <= m; j++) {
            int c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < c)
                c = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < c)
                c = d[i][j - 1] + 1;
            d[i][j] = c;
        }
    return d[n][m];
}

bool ws_suggest(const char *name, const char *list, char sep, char *out,
                size_t n)
{
    int best = 3;
    const char *bp = NULL;
    size_t bl = 0;
    int len = (int)strlen(name);
    for (const char *p = list; *p;) {
        const char *e = strchr(p, sep);
        size_t l = e ? (size_t)(e - p) : strlen(p);
        char cand[65];
        if (l > 0 && l < sizeof cand) {
            memcpy(cand, p, l);
            cand[l] = '\0';
            int d = ws_edit_distance(name, cand);
            if (d < best && 2 * d <= len) {
                best = d;
                bp = p;
                bl = l;
            }
        }
        if (!e)
            break;
        p = e + 1;
    }
    if (!bp || n == 0)
        return false;
    snprintf(out, n, "%.*s", (int)bl, bp);
    return true;
}
