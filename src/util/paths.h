/*
** paths.h - where warpscope's data lives and path helpers.
** The data directory holds examples/configs (presets) and scripts/lua
** (helper modules). It is found, in order: $WARPSCOPE_HOME; the source
** tree the binary was built in (build/warpscope -> the repository); an
** installed tree (bin/warpscope -> share/warpscope).
*/
#ifndef WS_PATHS_H
#define WS_PATHS_H

/* The data directory, or NULL if none was found. Cached. */
const char *ws_datadir(void);

/* Directory part of a path ("." if none); caller frees. */
char *ws_dirname(const char *path);

/* Joins dir and a relative path (path returned as is when absolute). */
char *ws_path_join(const char *dir, const char *path);

#endif
