/*
** sandbox.h - Lua states for scenarios, presets and scripts.
** A sandboxed state opens only base, coroutine, table, string, math and
** utf8; has no io, os, package, debug, dofile, loadfile or string.dump;
** loads text chunks only; has a `require` that finds modules next to the
** running script and in the data directory's scripts/lua; caps memory; and
** stops after an instruction budget so a runaway script cannot hang the
** tool. The budget also counts the work of pattern matching (pattern.c)
** and table.move, which Lua does in C; metatables with __gc (finalisers,
** which run with hooks off) are refused. `unsafe` (--unsafe-lua) opens
** the standard libraries instead, under the same budget.
*/
#ifndef WS_SANDBOX_H
#define WS_SANDBOX_H
#include <stdbool.h>
#include <stdint.h>
#include <lua.h>
#include "util/diag.h"

lua_State *wslua_new(const char *script_dir, int64_t max_instructions,
                     int64_t max_memory, bool unsafe);
void wslua_close(lua_State *L);

/* Resets the remaining instruction budget. */
void wslua_set_budget(lua_State *L, int64_t max_instructions);
/* A separate budget for a hook or probe call (what: "probe 'x'", key:
   the config key that sets it); pop restores the script's. */
struct wslua_budget {
    int64_t left, total;
    const char *what, *key;
};
void wslua_push_budget(lua_State *L, int64_t n, const char *what,
                       const char *key, struct wslua_budget *saved);
void wslua_pop_budget(lua_State *L, const struct wslua_budget *saved);
/* Changes the memory cap. */
void wslua_set_memory(lua_State *L, int64_t max_memory);
/* The directory relative paths and require resolve against. */
const char *wslua_script_dir(lua_State *L);

/*
** Loads `path` as a text chunk and calls it with a message handler that
** adds a traceback. On success leaves nresults values on the stack (use
** LUA_MULTRET for all) and returns WS_OK. On error returns WS_ERR, or
** WS_FAIL for a failed ws.check, with diag filled.
*/
int wslua_dofile(lua_State *L, const char *path, int nresults,
                 struct ws_diag *diag);

/* Loads `path` as a text chunk and pushes it (not called); WS_ERR with
   diag (syntax errors with a caret) otherwise. */
int wslua_loadfile(lua_State *L, const char *path, struct ws_diag *diag);

/* Converts the error a coroutine co died of (on co's stack) to diag, with
   its position and traceback; returns WS_ERR, or WS_FAIL for ws.check. */
int wslua_resume_error(lua_State *L, lua_State *co, struct ws_diag *diag);

/*
** Charges n instructions of work done in C (`how`: "pattern matching",
** "table.move") to the budget; raises the budget error at the calling
** script line when it runs out.
*/
void wslua_charge(lua_State *L, int64_t n, const char *how);

/* The instruction budget left (wslua_set_budget sets it). */
int64_t wslua_budget(lua_State *L);

/* Calls the function on top of the stack (with nargs arguments below it
   ... i.e. as lua_pcall) under the same handler; same return codes. */
int wslua_pcall(lua_State *L, int nargs, int nresults, struct ws_diag *diag);

/*
** Raises a Lua error carrying a rendered warpscope diagnostic (bad PTX, a
** launch error, a kernel fault). The handler records which script line
** made the call. Resets d (nothing leaks across the longjmp). Does not
** return.
*/
int wslua_raise_diag(lua_State *L, struct ws_diag *d);

/*
** luaL_error with C printf formats (Lua's own formatter lacks %u, %lld,
** %llx, ...); the message gets the calling script's "file:line:col:"
** prefix.
*/
int wslua_error(lua_State *L, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Raises a failed-check error with msg (ws.check) at pos (NULL: where
   the error handler finds the script). Does not return. */
struct wslua_pos;
int wslua_raise_check(lua_State *L, const char *msg,
                      const struct wslua_pos *pos);


#endif
