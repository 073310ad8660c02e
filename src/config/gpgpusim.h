/*
** gpgpusim.h - GPGPU-Sim configuration files (gpgpusim.config) as
** presets: `--set preset=gpgpusim:PATH` (gpgpusim.c; docs/presets.md
** lists the options mapped and how).
*/
#ifndef WS_CONFIG_GPGPUSIM_H
#define WS_CONFIG_GPGPUSIM_H
#include "config/config.h"

#define GPGPUSIM_PREFIX "gpgpusim:"

/*
** Reads the GPGPU-Sim configuration file at path into assignments of
** warpscope keys, each naming the file and the line of the option it
** comes from. Options without a counterpart are skipped; with ignored
** not NULL their names (and why, for the notable ones) are appended to
** it, one per line. A malformed file, an option without a value or a
** value that does not parse is WS_ERR with diag at file:line:col.
*/
int config_gpgpusim_read(const char *path, struct config_assigns *out,
                         struct strbuf *ignored, struct ws_diag *diag);

#endif
