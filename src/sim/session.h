/*
** session.h - a session: the simulated device a scenario drives and the
** configuration sources it was built from (command-line --set, the
** scenario's ws.config), with what the scenario's checks found. The Lua
** layer binds a script to it; the debugger drives it; nothing here runs
** Lua.
*/
#ifndef WS_SIM_SESSION_H
#define WS_SIM_SESSION_H
#include <stdbool.h>
#include <stdint.h>
#include "config/config.h"
#include "sim/device.h"

struct ws_session {
    struct ws_device dev;
    struct config_assigns cli;     /* --set, applied last */
    struct config_assigns scen;    /* ws.config assignments */
    bool failed;                   /* a ws.check failed (even if caught) */
    char *fail_msg;
    char *fail_file;
    int fail_line, fail_col;
    uint64_t checks;               /* ws.check calls that passed */
    char *scenario;                /* the scenario's path (records) */
    bool own_bus;                  /* dev.bus was allocated for a debugger */
    struct ws_session_replay *replay;  /* ws.session{...} asked for a replay */
};

/* A recorded session to replay (ws.session{...} in a record file). */
struct ws_session_replay {
    char *at;              /* "file:line:col" of the ws.session call */
    char *scenario;
    char **sets;
    size_t nsets;
    char **commands;
    size_t ncommands;
    char **set_at;         /* "file:line:col" of each, where the record */
    char **command_at;     /* writes it (else the call's), or NULL */
};
void ws_session_replay_free(struct ws_session_replay *r);

/* `set KEY=VALUE` of the debugger: like --set, before the first launch. */
int ws_session_set(struct ws_session *s, const char *kv, struct ws_diag *d);

/*
** Resolves the configuration from cli alone and initialises the session's
** device. Returns WS_ERR with diag on a bad preset or key.
*/
int ws_session_init(struct ws_session *s, const struct config_assigns *cli,
                    struct ws_diag *diag);
void ws_session_free(struct ws_session *s);

#endif
