/*
** where.h - where in a script something failed: file:line:col.
** Lua reports a chunk name and a line; the column comes from the script's
** text (sandbox.c keeps the text of every file it loads): the start of the
** called name (`ws.load_ptx`, `buf:get`, `error`) when Lua can name the
** function the line was calling, else the line's first non-blank
** character.
*/
#ifndef WS_LUA_WHERE_H
#define WS_LUA_WHERE_H
#include <stdbool.h>
#include <lua.h>
#include "util/diag.h"

struct wslua_pos {
    char *file;      /* the script's path; NULL when none was found */
    int line, col;
};

/*
** The position of the level-th script frame of L counting outwards from
** the running function (level 1: the script line that called the running
** C function; 2: the line that called that script function, ...), with
** the column of the call it was making. Frames of text chunks that are
** not files (load, the console) are skipped. Returns false, with *pos
** cleared, when there is no such frame. The caller frees pos->file.
*/
bool wslua_pos_at(lua_State *L, int level, struct wslua_pos *pos);
/* The same, for an error whose message msg may quote the name the
   column should point at ("... no field 'size'") when the frame's own
   call has none (a metamethod's). */
bool wslua_pos_for(lua_State *L, int level, const char *msg,
                   struct wslua_pos *pos);

/*
** The script frame of thread `at`, from stack level lv0 outwards, that is
** at file:line, with the column of the name it was calling; when no frame
** is there, the innermost script frame. `msg` (may be NULL) is the error
** message: a name it quotes ("(global 'foo')") places the column when
** Lua does not name the callee.
*/
bool wslua_pos_find(lua_State *at, int lv0, const char *file, int line,
                    const char *msg, struct wslua_pos *pos);

/* The column of file:line from its text alone (no frame left to ask):
   a name msg quotes, else the first non-blank; 0 if the text is unknown. */
int wslua_line_col(lua_State *L, const char *file, int line, const char *msg);

/* Line `line` of a script file this state loaded (not NUL-terminated,
   *len bytes without the newline), or NULL. */
const char *wslua_source_line(lua_State *L, const char *file, int line,
                              size_t *len);

/* "file:line:col" (or "file:line" without a column); the caller frees. */
char *wslua_pos_text(const struct wslua_pos *pos);

/*
** Gives d the location file:line:col and, when the script's text is
** known, the source line with the called name underlined; a column of 0
** becomes the line's first non-blank character.
*/
void wslua_pos_diag(lua_State *L, struct ws_diag *d, const char *file,
                    int line, int col);

/*
** Where the configuration key `key` (a dotted path) is written in file,
** from line:col on: as a string ("l1d.size" or 'l1d.size') or as its last
** part followed by '=' (size = 4096). Unless to_end, the search stops
** where the braces or parentheses opened at line:col close (the table of
** one ws.config call). Returns false when it is not written literally.
*/
bool wslua_find_key(lua_State *L, const char *file, int line, int col,
                    bool to_end, const char *key, int *kline, int *kcol);

/* The last line of file starting with `return` (a preset's table), or 1. */
int wslua_return_line(lua_State *L, const char *file);

/*
** Sets the line and column of assignments a->v[from..] (from
** wslua_config_table) to where file writes their keys: within the table of
** the call at line:col, or anywhere in the file when line is 0 (a preset;
** a key not written literally is placed at its `return`).
*/
struct config_assigns;
void wslua_key_positions(lua_State *L, const char *file, int line, int col,
                         struct config_assigns *a, size_t from);

#endif
