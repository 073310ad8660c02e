/*
** preset-load.h - configuration from Lua (preset-load.c).
*/
#ifndef WS_LUA_PRESET_LOAD_H
#define WS_LUA_PRESET_LOAD_H
#include <lua.h>
#include "config/config.h"

/*
** Converts the Lua table at stack index idx into assignments (dotted keys,
** tables nested at most a few levels), recording file:line as their
** origin. Used for presets and ws.config.
*/
int wslua_config_table(lua_State *L, int idx, const char *prefix,
                       struct config_assigns *out, const char *file, int line,
                       struct ws_diag *diag);

/* Installs the reader of preset files into the configuration layer
   (config_set_preset_reader): call once before resolving any
   configuration that names a preset. */
void wslua_use_for_presets(void);

#endif
