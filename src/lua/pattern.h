/*
** pattern.h - Lua pattern matching whose work counts against the
** instruction budget.
** Lua's own string.find, match, gmatch and gsub run in C, where the
** instruction count cannot see them: a 40-character pattern can backtrack
** for minutes inside one call. These replacements implement the same
** pattern language (Lua 5.4 reference manual, section 6.4.1) and charge
** every step of the matcher (one attempt of a pattern item at a subject
** position) to the state's budget (wslua_charge), so a script that
** matches for too long stops with the budget error, like an endless loop.
*/
#ifndef WS_LUA_PATTERN_H
#define WS_LUA_PATTERN_H
#include <lua.h>

/* Replaces find, match, gmatch and gsub in the string table of L. */
void wslua_open_patterns(lua_State *L);

#endif
