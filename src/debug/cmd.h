/*
** cmd.h - the debugger's commands: one table (name, aliases, usage, help,
** handler) that dispatch, `help`, completion and the TUI all read. The
** same commands run from a command file (warpscope run --commands), from
** Lua (ws.cmd) and from the TUI console. A bad command prints an error
** and changes nothing; it never ends the session.
*/
#ifndef WS_CMD_H
#define WS_CMD_H
#include <stdbool.h>
#include <stddef.h>
#include "debug/dbg.h"

enum {
    CMD_STATE = 1,    /* changes debugger state: replayed after a restore */
    CMD_RUN = 2,      /* runs the simulation */
    CMD_NOLOG = 4     /* not part of the session record */
};

struct cmd_entry {
    const char *name;
    const char *alias;            /* comma-separated, or NULL */
    const char *usage;
    const char *help;
    int flags;
    /* argv[0] is the command; `rest` is the text after the command word */
    int (*exec)(struct dbg *d, int argc, char **argv, const char *rest);
};

extern const struct cmd_entry cmd_table[];

/* The entry for a name or alias (unique prefix allowed), or NULL. */
const struct cmd_entry *cmd_find(const char *name);

/*
** Executes one command line. `where` (e.g. "cmds.txt:12") prefixes error
** messages, NULL for none. Returns WS_OK, or WS_ERR after printing an
** error. Sets d->finished_quit on `quit`.
*/
int cmd_exec(struct dbg *d, const char *line, const char *where);

/* Candidates completing `word`, which starts at byte `start` of line:
   command names for the first word, then arguments (info topics, event
   names, config keys). Returns a NULL-terminated malloc'd array of
   malloc'd strings. */
char **cmd_complete(const char *line, size_t start, const char *word);

/* Writes the session record (as `record FILE` does). */
int cmd_write_record(struct dbg *d, const char *path, struct ws_diag *diag);

/* Registers cmd_exec as the debugger's replay hook. */
void cmd_init(void);

#endif
