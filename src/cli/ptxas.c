/*
** ptxas.c - ask NVIDIA's ptxas for its register counts, when installed.
** Only `warpscope inspect` uses it, to put our allocation next to the
** real one; the simulator never depends on it.
*/
#include "cli/cli.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int cli_ptxas_regs(const char *path, const char *target,
                   struct ptxas_count **out)
{
    *out = NULL;
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        dup2(fds[1], 1);
        dup2(fds[1], 2);
        close(fds[0]);
        close(fds[1]);
        char arch[64];
        snprintf(arch, sizeof arch, "-arch=%s", target && *target ? target : "sm_75");
        execlp("ptxas", "ptxas", "-v", arch, path, "-o", "/dev/null", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    FILE *f = fdopen(fds[0], "r");
    char line[512], name[256] = "";
    int n = 0;
    struct ptxas_count *v = NULL;
    while (f && fgets(line, sizeof line, f)) {
        const char *c = strstr(line, "Compiling entry function '");
        int regs;
        const char *u = strstr(line, "Used ");
        if (c) {
            c += strlen("Compiling entry function '");
            const char *e = strchr(c, '\'');
            if (e && (size_t)(e - c) < sizeof name) {
                memcpy(name, c, (size_t)(e - c));
                name[e - c] = '\0';
            }
        } else if (u && name[0] && sscanf(u, "Used %d registers", &regs) == 1) {
            v = ws_xrealloc(v, (size_t)(n + 1) * sizeof *v);
            v[n].name = ws_xstrdup(name);
            v[n].regs = regs;
            n++;
            name[0] = '\0';
        }
    }
    if (f)
        fclose(f);
    int status;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        for (int i = 0; i < n; i++)
            free(v[i].name);
        free(v);
        return -1;
    }
    *out = v;
    return n;
}
