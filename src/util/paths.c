/* paths.c - locating the data directory (see paths.h). */
#include "util/paths.h"
#include "util/xalloc.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int has_configs(const char *root)
{
    char buf[PATH_MAX + 32];
    if ((size_t)snprintf(buf, sizeof buf, "%s/examples/configs", root) >=
        sizeof buf)
        return 0;
    return is_dir(buf);
}

const char *ws_datadir(void)
{
    static char dir[PATH_MAX];
    static int done;
    if (done)
        return dir[0] ? dir : NULL;
    done = 1;
    const char *env = getenv("WARPSCOPE_HOME");
    if (env && *env && strlen(env) < sizeof dir && has_configs(env)) {
        memcpy(dir, env, strlen(env) + 1);
        return dir;
    }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return NULL;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    /* An installed tree (bin/ next to share/warpscope), else the source
       tree the binary was built in: walk up from build/.../warpscope. */
    char cand[PATH_MAX + 64];
    const char *tries[8];
    char ups[7][24];
    int nt = 0;
    tries[nt++] = "/../share/warpscope";
    for (int i = 1; i <= 6; i++) {
        ups[i][0] = '\0';
        for (int k = 0; k < i; k++)
            strcat(ups[i], "/..");
        tries[nt++] = ups[i];
    }
    for (int i = 0; i < nt; i++) {
        if ((size_t)snprintf(cand, sizeof cand, "%s%s", exe, tries[i]) >=
            sizeof cand)
            continue;
        if (has_configs(cand)) {
            char *r = realpath(cand, NULL);
            if (!r || strlen(r) >= sizeof dir) {
                free(r);
                continue;
            }
            memcpy(dir, r, strlen(r) + 1);
            free(r);
            return dir;
        }
    }
    return NULL;
}

char *ws_dirname(const char *path)
{
    const char *s = strrchr(path, '/');
    if (!s)
        return ws_xstrdup(".");
    if (s == path)
        return ws_xstrdup("/");
    return ws_xstrndup(path, (size_t)(s - path));
}

char *ws_path_join(const char *dir, const char *path)
{
    if (path[0] == '/' || !dir || !dir[0] || strcmp(dir, ".") == 0)
        return ws_xstrdup(path);
    size_t n = strlen(dir) + strlen(path) + 2;
    char *r = ws_xmalloc(n);
    snprintf(r, n, "%s/%s", dir, path);
    return r;
}
