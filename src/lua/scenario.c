/* scenario.c - headless scenario runs (see scenario.h). */
#include "lua/scenario.h"
#include "lua/sandbox.h"
#include "lua/ws.h"
#include "util/paths.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int scenario_run(const struct scenario_opts *o, struct scenario_result *r,
                 struct ws_diag *diag)
{
    memset(r, 0, sizeof *r);
    FILE *f = fopen(o->path, "rb");
    if (!f)
        return diag_error(diag, o->path, 0, 0, "cannot open scenario file");
    fclose(f);
    struct ws_session s;
    if (ws_session_init(&s, o->cli, diag) != WS_OK)
        return WS_ERR;
    char *dir = ws_dirname(o->path);
    lua_State *L = wslua_new(dir, config_i(&s.dev.cfg, CK_LUA_MAX_INSTRUCTIONS),
                             config_i(&s.dev.cfg, CK_LUA_MAX_MEMORY),
                             o->unsafe_lua);
    free(dir);
    if (!L) {
        ws_session_free(&s);
        return diag_error(diag, o->path, 0, 0, "cannot create a Lua interpreter");
    }
    ws_open(L, &s);
    int rc = wslua_dofile(L, o->path, 0, diag);
    if (rc == WS_OK && s.dev.queue.n > 0)
        rc = device_run(&s.dev, diag) == WS_OK ? WS_OK : WS_ERR;
    if (rc == WS_OK && s.failed) {
        /* A failed check the script caught with pcall still fails the run. */
        diag_error(diag, s.fail_file, s.fail_line, 0, "check failed: %s",
                   s.fail_msg);
        rc = WS_FAIL;
    }
    r->checks = s.checks;
    r->sim_ns = s.dev.host_ns;
    if (rc != WS_ERR)
        r->stats = device_stats(&s.dev);
    wslua_close(L);
    ws_session_free(&s);
    return rc;
}
