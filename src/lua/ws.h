/*
** ws.h - the `ws` Lua module: the scenario API of SPEC 1.3.
** A session binds one Lua state to one simulated device. The names
** registered here are a stable contract (docs/scenarios.md).
*/
#ifndef WS_LUA_WS_H
#define WS_LUA_WS_H
#include <stdbool.h>
#include <lua.h>
#include "config/config.h"
#include "sim/device.h"

struct ws_session {
    struct ws_device dev;
    struct config_assigns cli;     /* --set, applied last */
    struct config_assigns scen;    /* ws.config assignments */
    bool failed;                   /* a ws.check failed (even if caught) */
    char *fail_msg;
    char *fail_file;
    int fail_line;
    uint64_t checks;               /* ws.check calls that passed */
    char *scenario;                /* the scenario's path (records) */
    bool own_bus;                  /* dev.bus was allocated for a debugger */
    struct ws_session_replay *replay;  /* ws.session{...} asked for a replay */
};

/* A recorded session to replay (ws.session{...} in a record file). */
struct ws_session_replay {
    char *scenario;
    char **sets;
    size_t nsets;
    char **commands;
    size_t ncommands;
};
void ws_session_replay_free(struct ws_session_replay *r);

/* `set KEY=VALUE` of the debugger: like --set, before the first launch. */
int ws_session_set(struct ws_session *s, const char *kv, struct ws_diag *d);

/* The debugger half of `ws` (ws-debug.c), into the table on top. */
void ws_debug_open(lua_State *L);

/* Appends a readable rendering of a Lua value (tables with sorted keys,
   two levels deep). */
struct strbuf;
void ws_lua_show(lua_State *L, int idx, struct strbuf *o, int depth);

/*
** Resolves the configuration from cli alone and initialises the session's
** device. Returns WS_ERR with diag on a bad preset or key.
*/
int ws_session_init(struct ws_session *s, const struct config_assigns *cli,
                    struct ws_diag *diag);
void ws_session_free(struct ws_session *s);

/* Registers `ws` (global and require "warpscope") in L for session s. */
void ws_open(lua_State *L, struct ws_session *s);

/* Pushes a jv value as Lua data. */
void ws_push_jv(lua_State *L, const struct jv *v);

#endif
