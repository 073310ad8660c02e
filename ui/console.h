/*
** console.h - the TUI console: readline's line editor fed from the curses
** key loop, and the scrollback of command output (console.c).
*/
#ifndef WS_UI_CONSOLE_H
#define WS_UI_CONSOLE_H
#include <stdbool.h>
#include <stddef.h>

struct console {
    char **lines;          /* scrollback, oldest first */
    size_t n, cap;
    int scroll;            /* lines scrolled back from the end */
    bool dirty;
    char *line_ready;      /* a line readline finished (owned) */
};

void console_init(struct console *c, const char *prompt);
void console_free(struct console *c);
/* Appends text (split at newlines) to the scrollback. */
void console_add(struct console *c, const char *text);
/* Feeds one key; returns a finished line (malloc'd) or NULL. */
char *console_key(struct console *c, int ch);
/* Rebuilds readline's history after a restore (whose memory is older):
   from ~/.warpscope_history, which has every line entered, or without a
   history file from the commands in the (newer) scrollback. */
void console_history_reload(const struct console *c);
/* The line being edited and the cursor in it; the prompt. */
const char *console_buffer(int *cursor);
const char *console_prompt(void);

#endif
