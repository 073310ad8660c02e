/*
** console.c - GNU readline inside the curses screen, through readline's
** callback interface: keys from the curses loop are handed to readline
** one at a time (rl_getc_function), readline's line is drawn by us
** (rl_redisplay_function), and it never touches the terminal itself
** (no prep/deprep, no signal or SIGWINCH handling). History lives in
** ~/.warpscope_history, appended to line by line (a restored snapshot,
** whose memory is older, reads it back rather than writing over it); Tab completes commands, topics, event names and
** configuration keys (cmd_complete), and file names after `source`/`record`.
** Output of commands is kept as scrollback lines.
*/
#include "console.h"
#include "debug/cmd.h"
#include "util/xalloc.h"
#include <curses.h>
#include <readline/history.h>
#include <readline/readline.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINES 2000

static struct console *con;      /* readline's callbacks have no context */
static int pending = EOF;

#define HISTORY_MAX 1000

static char *history_path(void);

/* Each line goes to the file as it is entered: every process of the
   session (a snapshot that takes over, too) sees the whole history. */
static void history_append(const char *line)
{
    add_history(line);
    char *h = history_path();
    if (!h)
        return;
    FILE *f = fopen(h, "a");     /* append_history needs an existing file */
    if (f)
        fclose(f);
    if (append_history(1, h) == 0)
        history_truncate_file(h, HISTORY_MAX);
    free(h);
}

static int con_getc(FILE *f)
{
    (void)f;
    int c = pending;
    pending = EOF;
    return c;
}

/* Only the key we were handed is input; never let readline look at the
   terminal for more (it would read EOF from con_getc and end the line). */
static int con_available(void)
{
    return pending != EOF;
}

static void con_redisplay(void)
{
    /* drawn by console_draw on the next frame */
    if (con)
        con->dirty = true;
}

static void on_line(char *line)
{
    if (!con)
        return;
    if (!line) {                 /* Ctrl-D on an empty line */
        free(con->line_ready);
        con->line_ready = ws_xstrdup("");
        return;
    }
    if (*line)
        history_append(line);
    free(con->line_ready);
    con->line_ready = line;
}

static int word_start;

static char *gen(const char *text, int state)
{
    static char **list;
    static size_t i;
    if (!state) {
        if (list) {
            for (size_t k = 0; list[k]; k++)
                free(list[k]);
            free(list);
        }
        list = cmd_complete(rl_line_buffer, (size_t)word_start, text);
        i = 0;
    }
    return list && list[i] ? ws_xstrdup(list[i++]) : NULL;
}

/* Several candidates: listed in the scrollback, not on the terminal. */
static void show_matches(char **matches, int n, int longest)
{
    (void)longest;
    if (!con)
        return;
    char line[1024] = "";
    size_t off = 0;
    for (int i = 1; i <= n && off < sizeof line - 2; i++)
        off += (size_t)snprintf(line + off, sizeof line - off, "%s%s",
                                i > 1 ? "  " : "", matches[i]);
    console_add(con, line);
}

static char **complete(const char *text, int start, int end)
{
    (void)end;
    word_start = start;
    /* file names for source/record; otherwise our words */
    if (start > 0 && (strncmp(rl_line_buffer, "source ", 7) == 0 ||
                      strncmp(rl_line_buffer, "record ", 7) == 0))
        return NULL;
    rl_attempted_completion_over = 1;
    return rl_completion_matches(text, gen);
}

static char *history_path(void)
{
    const char *home = getenv("HOME");
    if (!home || !*home)
        return NULL;
    char *p = ws_xmalloc(strlen(home) + 32);
    sprintf(p, "%s/.warpscope_history", home);
    return p;
}

void console_init(struct console *c, const char *prompt)
{
    memset(c, 0, sizeof *c);
    con = c;
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
    rl_change_environment = 0;
    rl_prep_term_function = NULL;
    rl_deprep_term_function = NULL;
    rl_getc_function = con_getc;
    rl_input_available_hook = con_available;
    rl_redisplay_function = con_redisplay;
    rl_attempted_completion_function = complete;
    rl_completion_display_matches_hook = show_matches;
    rl_inhibit_completion = 0;
    rl_readline_name = "warpscope";
    using_history();
    stifle_history(HISTORY_MAX);
    char *h = history_path();
    if (h) {
        read_history(h);
        free(h);
    }
    rl_callback_handler_install(prompt, on_line);
}

void console_free(struct console *c)
{
    rl_callback_handler_remove();
    for (size_t i = 0; i < c->n; i++)
        free(c->lines[i]);
    free(c->lines);
    free(c->line_ready);
    con = NULL;
}

void console_add(struct console *c, const char *text)
{
    const char *p = text;
    while (*p) {
        size_t len = strcspn(p, "\n");
        if (c->n == c->cap) {
            c->cap = c->cap ? c->cap * 2 : 256;
            c->lines = ws_xrealloc(c->lines, c->cap * sizeof *c->lines);
        }
        c->lines[c->n++] = ws_xstrndup(p, len);
        if (c->n > MAX_LINES) {
            free(c->lines[0]);
            memmove(c->lines, c->lines + 1, (c->n - 1) * sizeof *c->lines);
            c->n--;
        }
        p += len;
        if (*p == '\n')
            p++;
    }
    c->scroll = 0;
    c->dirty = true;
}

/* Curses keys readline has no byte for. */
static bool special(int ch)
{
    switch (ch) {
    case KEY_UP: rl_get_previous_history(1, 0); return true;
    case KEY_DOWN: rl_get_next_history(1, 0); return true;
    case KEY_LEFT: rl_backward_char(1, 0); return true;
    case KEY_RIGHT: rl_forward_char(1, 0); return true;
    case KEY_HOME: rl_beg_of_line(1, 0); return true;
    case KEY_END: rl_end_of_line(1, 0); return true;
    case KEY_DC: rl_delete(1, 0); return true;
    case KEY_BACKSPACE: rl_rubout(1, 0); return true;
    default: return false;
    }
}

char *console_key(struct console *c, int ch)
{
    if (ch == KEY_PPAGE) {
        c->scroll += 5;
        c->dirty = true;
        return NULL;
    }
    if (ch == KEY_NPAGE) {
        c->scroll = c->scroll > 5 ? c->scroll - 5 : 0;
        c->dirty = true;
        return NULL;
    }
    if (!special(ch)) {
        if (ch == KEY_ENTER)
            ch = '\n';
        if (ch < 0 || ch > 255)
            return NULL;
        pending = ch;
        rl_callback_read_char();
    }
    c->dirty = true;
    char *line = c->line_ready;
    c->line_ready = NULL;
    return line;
}

const char *console_buffer(int *cursor)
{
    *cursor = rl_point;
    return rl_line_buffer ? rl_line_buffer : "";
}

const char *console_prompt(void)
{
    return rl_display_prompt ? rl_display_prompt : "";
}

void console_history_reload(const struct console *c)
{
    clear_history();
    char *h = history_path();
    if (h) {
        int rc = read_history(h);
        free(h);
        if (rc == 0)
            return;
    }
    for (size_t i = 0; i < c->n; i++)
        if (strncmp(c->lines[i], "> ", 2) == 0 && c->lines[i][2])
            add_history(c->lines[i] + 2);
}
