/* preset.c - preset files and configuration layering (see preset.h). */
#include "config/preset.h"
#include "config/gpgpusim.h"
#include "util/fileio.h"
#include "util/paths.h"
#include "util/xalloc.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PRESET_DEPTH 8

/* Reads a preset file (see preset.h); NULL until a layer that runs Lua
   installs one. */
static config_preset_reader reader;

void config_set_preset_reader(config_preset_reader r)
{
    reader = r;
}

static char *preset_path(const char *name)
{
    if (strchr(name, '/') || (strlen(name) > 4 &&
                              strcmp(name + strlen(name) - 4, ".lua") == 0))
        return ws_xstrdup(name);
    const char *dd = ws_datadir();
    if (!dd)
        return NULL;
    size_t n = strlen(dd) + strlen(name) + 32;
    char *p = ws_xmalloc(n);
    snprintf(p, n, "%s/examples/configs/%s.lua", dd, name);
    return p;
}

/* Reads preset `name` into a: a Lua preset file (by name or path) or,
   prefixed gpgpusim:, a GPGPU-Sim configuration file. *pathp is the
   file's path (the caller frees it), NULL when there is none. */
static int read_preset(const char *name, struct config_assigns *a,
                       char **pathp, struct ws_diag *diag)
{
    size_t np = strlen(GPGPUSIM_PREFIX);
    *pathp = NULL;
    if (strncmp(name, GPGPUSIM_PREFIX, np) == 0) {
        *pathp = ws_xstrdup(name + np);
        return config_gpgpusim_read(name + np, a, NULL, diag);
    }
    char *path = preset_path(name);
    FILE *f = path ? ws_fopen_read(path) : NULL;
    if (!f) {
        struct strbuf b;
        sb_init(&b);
        config_preset_names(&b);
        diag_error(diag, NULL, 0, 0, "unknown preset '%s' (available: %s)",
                   name, b.len ? sb_str(&b) : "none found");
        sb_free(&b);
        free(path);
        return WS_ERR;
    }
    fclose(f);
    *pathp = path;
    return reader ? reader(path, a, diag)
                  : diag_error(diag, path, 0, 0,
                               "presets are Lua files, and no Lua reader is installed to read them");
}

/* Applies preset `name` (and its bases) to c. */
static int apply_preset(struct ws_config *c, const char *name, int depth,
                        struct ws_diag *diag)
{
    if (depth > MAX_PRESET_DEPTH)
        return diag_error(diag, NULL, 0, 0, "preset '%s': presets inherit (base = ...) more than %d deep; is there a cycle?",
                          name, MAX_PRESET_DEPTH);
    struct config_assigns a = { 0 };
    char *path = NULL;
    int rc = read_preset(name, &a, &path, diag);
    if (rc == WS_OK) {
        for (size_t i = 0; i < a.n && rc == WS_OK; i++)
            if (strcmp(a.v[i].key, "base") == 0) {
                rc = apply_preset(c, a.v[i].value, depth + 1, diag);
                /* An unknown base is this file's error, at its key. */
                if (rc != WS_OK && !diag->file) {
                    diag->file = ws_xstrdup(path);
                    diag->line = a.v[i].line;
                    diag->col = a.v[i].col;
                }
            }
        struct config_assigns rest = { 0 };
        for (size_t i = 0; i < a.n; i++)
            if (strcmp(a.v[i].key, "base") != 0) {
                config_assigns_add(&rest, a.v[i].key, a.v[i].value,
                                   a.v[i].file, a.v[i].line);
                rest.v[rest.n - 1].col = a.v[i].col;
            }
        if (rc == WS_OK)
            rc = config_apply(c, &rest, diag);
        config_assigns_free(&rest);
    }
    /* Show the preset's line under its errors. */
    if (rc != WS_OK && diag->file && path && strcmp(diag->file, path) == 0)
        diag_source_from_file(diag);
    config_assigns_free(&a);
    free(path);
    return rc == WS_OK ? WS_OK : WS_ERR;
}

static const char *last_preset(const struct config_assigns *a)
{
    const char *p = NULL;
    for (size_t i = 0; a && i < a->n; i++)
        if (strcmp(a->v[i].key, "preset") == 0)
            p = a->v[i].value;
    return p;
}

int config_resolve(struct ws_config *out, const struct config_assigns *scenario,
                   const struct config_assigns *cli, struct ws_diag *diag)
{
    config_init(out);
    const char *preset = last_preset(cli);
    if (!preset)
        preset = last_preset(scenario);
    if (!preset)
        preset = config_s(out, CK_PRESET);
    char *name = ws_xstrdup(preset);
    int rc = apply_preset(out, name, 0, diag);
    if (rc == WS_OK)
        config_set(out, "preset", name, diag);
    free(name);
    if (rc == WS_OK && scenario)
        rc = config_apply(out, scenario, diag);
    if (rc == WS_OK && cli)
        rc = config_apply(out, cli, diag);
    return rc;
}

static int name_compare(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void config_preset_names(struct strbuf *out)
{
    const char *dd = ws_datadir();
    if (!dd)
        return;
    char *dir = ws_path_join(dd, "examples/configs");
    DIR *dp = opendir(dir);
    free(dir);
    if (!dp)
        return;
    size_t n = 0, cap = 16;
    char **names = ws_xmalloc(cap * sizeof *names);
    struct dirent *e;
    while ((e = readdir(dp))) {
        size_t l = strlen(e->d_name);
        if (l <= 4 || strcmp(e->d_name + l - 4, ".lua") != 0)
            continue;
        if (n == cap)
            names = ws_xrealloc(names, (cap *= 2) * sizeof *names);
        names[n++] = ws_xstrndup(e->d_name, l - 4);
    }
    closedir(dp);
    qsort(names, n, sizeof *names, name_compare);
    for (size_t i = 0; i < n; i++) {
        sb_printf(out, "%s%s", i ? ", " : "", names[i]);
        free(names[i]);
    }
    free(names);
}
