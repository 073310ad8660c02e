/*
** preset.h - presets (examples/configs/NAME.lua) and the layering of
** configuration sources.
** A preset is a Lua file returning a table of keys; nested tables give
** dotted keys (l1d = { size = 4096 } is l1d.size) and `base = "NAME"`
** inherits another preset first. The effective configuration is built in
** this order: key defaults, the preset (a --set preset wins over the
** scenario's), the scenario's ws.config assignments, then --set ones.
*/
#ifndef WS_PRESET_H
#define WS_PRESET_H
#include "config/config.h"

int config_resolve(struct ws_config *out, const struct config_assigns *scenario,
                   const struct config_assigns *cli, struct ws_diag *diag);

/* Appends the names of the presets found in the data directory. */
void config_preset_names(struct strbuf *out);

/*
** Converts the Lua table at stack index idx into assignments (dotted keys),
** recording file:line as their origin. Used for presets and ws.config.
*/
struct lua_State;
int config_from_lua(struct lua_State *L, int idx, const char *prefix,
                    struct config_assigns *out, const char *file, int line,
                    struct ws_diag *diag);

#endif
