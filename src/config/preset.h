/*
** preset.h - presets (examples/configs/NAME.lua) and the layering of
** configuration sources.
** A preset is a Lua file returning a table of keys (read by the reader
** the Lua layer installs, see below); nested tables give
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
** Reads the preset file at path into assignments (dotted keys, `base` for
** the preset it inherits), each naming path and line as its origin.
** Presets are Lua, and the configuration layer runs no Lua: the layer
** that does installs its reader (lua/preset-load.c,
** wslua_use_for_presets) before anything resolves a configuration.
*/
typedef int (*config_preset_reader)(const char *path,
                                    struct config_assigns *out,
                                    struct ws_diag *diag);
void config_set_preset_reader(config_preset_reader r);

#endif
