/*
** tui.c - the screen loop: layout, keys, mouse, the console, the status
** and message lines, the help screen, and terminal safety. Panes draw
** themselves (pane-*.c); this file decides where and when, and turns keys
** into debugger commands (every binding is also a console command).
** While the simulation runs (continue), the debugger calls tui_poll
** between stretches: the screen is redrawn at most every 50 ms and any
** key pauses the run.
*/
#include "tui-int.h"
#include "ui.h"
#include "debug/cmd.h"
#include "debug/dbg.h"
#include "debug/inspect.h"
#include "sim/device.h"
#include "lua/engine.h"
#include "lua/ws.h"
#include "util/xalloc.h"
#include <curses.h>
#include <fcntl.h>
#include <inttypes.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>


static struct tui *T;                 /* for signal handlers and hooks */
static volatile sig_atomic_t got_signal;

/* ---- terminal safety ------------------------------------------------- */

static int saved_out = -1, saved_err = -1;
static int stray = -1;        /* what was printed while the screen was on */

/* Ends curses, puts stdout/stderr back and shows what was printed to
   them meanwhile (warnings, an internal error's report). Safe in a
   signal handler as far as curses allows. */
static void restore_terminal(void)
{
    if (!isendwin())
        endwin();
    if (saved_out >= 0) {
        dup2(saved_out, 1);
        dup2(saved_err, 2);
    }
    if (stray >= 0) {
        char buf[4096];
        ssize_t n;
        lseek(stray, 0, SEEK_SET);
        while ((n = read(stray, buf, sizeof buf)) > 0)
            if (write(2, buf, (size_t)n) != n)
                break;
        close(stray);
        stray = -1;
    }
}

static void on_fatal(int sig)
{
    restore_terminal();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void on_int(int sig)
{
    (void)sig;
    got_signal = 1;
    if (T)
        T->d->interrupt = 1;
}

static void signals(void)
{
    static const int fatal[] = { SIGTERM, SIGHUP, SIGSEGV, SIGBUS, SIGFPE,
                                 SIGILL, SIGABRT, SIGQUIT };
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
        signal(fatal[i], on_fatal);
    signal(SIGINT, on_int);
}

static int on_panic(lua_State *L)
{
    (void)L;
    restore_terminal();
    return 0;
}

/* ---- output ----------------------------------------------------------- */

static void flush_output(struct tui *t)
{
    if (t->out.len) {
        console_add(&t->con, sb_str(&t->out));
        sb_clear(&t->out);
    }
}

static void say(struct dbg *d, const char *text)
{
    (void)d;
    if (!T)
        return;
    free(T->msg);
    T->msg = ws_xstrdup(text);
}

/* ---- commands ---------------------------------------------------------- */

static int pane_index(const struct tui *t, const char *name)
{
    if (strcmp(name, "console") == 0)
        return CONSOLE;
    for (int i = 0; i < NPANES; i++)
        if (strcmp(t->panes[i].cls->name, name) == 0)
            return i;
    return -1;
}

static void cycle_focus(struct tui *t, int dir)
{
    int i = t->focus;
    for (int k = 0; k <= NPANES; k++) {
        i = (i + dir + NPANES + 1) % (NPANES + 1);
        if (i == CONSOLE || !t->panes[i].hidden)
            break;
    }
    tui_set_focus(t, i);
}

/* Sets the animation speed (0: full speed) and starts its pacing anew. */
static void set_speed(struct tui *t, uint64_t speed)
{
    t->speed = speed;
    t->pace_ms = tui_now_ms();
    t->pace_cycle = dbg_cycle(t->d);
    /* stretches of ~1/25 s, each drawn; full speed: long stretches */
    t->d->poll_cycles = speed ? (speed / 25 ? speed / 25 : 1) : 2048;
}

/* `set speed N|off`, N cycles per second (1 to 10,000,000). */
static void speed_command(struct tui *t, const char *arg)
{
    char word[32] = "", extra[8] = "";
    int n = sscanf(arg, " %31s %7s", word, extra);
    char *end = NULL;
    unsigned long long v = n == 1 ? strtoull(word, &end, 10) : 0;
    if (n == 1 && strcmp(word, "off") == 0) {
        set_speed(t, 0);
        console_add(&t->con, "speed: full (no animation)");
        return;
    }
    if (n != 1 || !end || *end || word[0] == '-' || v < 1 || v > 10000000) {
        console_add(&t->con, "error: set speed: expected N cycles per second (1 to 10000000) or off");
        return;
    }
    set_speed(t, v);
    char msg[96];
    snprintf(msg, sizeof msg, "speed: %llu cycles per second (+ faster, - slower, set speed off)", v);
    console_add(&t->con, msg);
}

/* - halves the animation speed (full speed: starts it at 1000 cycles/s),
   + doubles it (past 5,000,000 cycles/s: full speed again). */
static void speed_key(struct tui *t, int ch)
{
    uint64_t s = t->speed;
    if (ch == '+')
        s = s == 0 || s > 5000000 ? 0 : s * 2;
    else
        s = s == 0 ? 1000 : s > 1 ? s / 2 : 1;
    set_speed(t, s);
}

/* TUI commands (pane, zoom, hide, show, layout, keys); true if handled. */
static bool ui_command(struct tui *t, const char *line)
{
    char w1[32] = "", w2[64] = "";
    if (sscanf(line, " %31s %63s", w1, w2) < 1)
        return false;
    if (strcmp(w1, "pane") == 0) {
        if (strcmp(w2, "next") == 0 || !w2[0])
            cycle_focus(t, 1);
        else if (strcmp(w2, "prev") == 0)
            cycle_focus(t, -1);
        else if (pane_index(t, w2) >= 0)
            tui_set_focus(t, pane_index(t, w2));
        else
            console_add(&t->con, "error: pane: expected next, prev, console or a pane name (warps, source, rf, cache, design, stats)");
        return true;
    }
    if (strcmp(w1, "zoom") == 0) {
        t->zoom = !t->zoom;
        return true;
    }
    if (strcmp(w1, "hide") == 0 || strcmp(w1, "show") == 0) {
        int i = w2[0] ? pane_index(t, w2) : t->focus;
        if (i < 0 || i == CONSOLE) {
            console_add(&t->con, "error: hide/show: expected a pane name (warps, source, rf, cache, design, stats)");
            return true;
        }
        bool hide = strcmp(w1, "hide") == 0;
        int shown = 0;
        for (int k = 0; k < NPANES; k++)
            shown += !t->panes[k].hidden;
        if (hide && shown == 1 && !t->panes[i].hidden) {
            console_add(&t->con, "error: hide: the last pane shown stays (show another first)");
            return true;
        }
        t->panes[i].hidden = hide;
        if (hide && t->focus == i)
            cycle_focus(t, 1);
        return true;
    }
    if (strcmp(w1, "layout") == 0) {
        bool hidden[NPANES];
        for (int i = 0; i < NPANES; i++)
            hidden[i] = t->panes[i].hidden;
        char msg[256];
        if (layout_command(w2, hidden, msg, sizeof msg) == 0)
            for (int i = 0; i < NPANES; i++)
                t->panes[i].hidden = hidden[i];
        console_add(&t->con, msg);
        return true;
    }
    if (strcmp(w1, "keys") == 0) {
        t->help = true;
        return true;
    }
    /* `set speed N` (set KEY=VALUE has an '=': no clash) */
    if (strcmp(w1, "set") == 0 && strcmp(w2, "speed") == 0 && !strchr(line, '=')) {
        speed_command(t, strstr(line, "speed") + 5);
        return true;
    }
    return false;
}

static void run_command(struct tui *t, const char *line)
{
    char echo[600];
    snprintf(echo, sizeof echo, "> %s", line);
    console_add(&t->con, echo);
    if (ui_command(t, line))
        return;
    char w1[32] = "";
    sscanf(line, " %31s", w1);
    const struct cmd_entry *e = w1[0] ? cmd_find(w1) : NULL;
    t->running = e && (e->flags & CMD_RUN);
    t->run_started = tui_now_ms();
    if (t->running && t->speed)
        set_speed(t, t->speed);       /* the animation paces from here */
    if (t->running)
        tui_draw(t);
    uint64_t errors = t->d->cmd_errors;
    cmd_exec(t->d, line, NULL);
    t->d->cmd_errors = errors;       /* shown in the console; not an exit status */
    t->running = false;
    flush_output(t);
    if (t->d->finished_quit)
        t->quit = true;
}

/* The debugger calls this between stretches of a run. */
static bool tui_poll(struct dbg *d)
{
    struct tui *t = d->ui;
    if (d->quiet)
        return false;
    bool stop = false;
    /* keys typed ahead belong to the commands after this one: only a key
       pressed while the run is under way pauses it */
    bool look = !t->opt->bench_continue && tui_now_ms() - t->run_started >= 150;
    int wait = 0;                     /* ms to the next stretch, animated */
    if (t->speed) {
        uint64_t cyc = dbg_cycle(d), now = tui_now_ms();
        if (cyc < t->pace_cycle || now < t->pace_ms)
            set_speed(t, t->speed);   /* time went back: pace from here */
        uint64_t due = t->pace_ms + (cyc - t->pace_cycle) * 1000 / t->speed;
        wait = due > now ? (int)(due - now < 1000 ? due - now : 1000) : 0;
        flush_output(t);
        tui_draw(t);                      /* every stretch is seen */
        if (!look)
            napms(wait);
    }
    timeout(look ? wait : 0);
    int ch = look ? getch() : ERR;
    timeout(-1);
    if (ch == '+' || ch == '-') {
        speed_key(t, ch);             /* the run goes on at the new speed */
    } else if (ch == KEY_RESIZE) {
        clearok(curscr, TRUE);
    } else if (ch != ERR) {
        stop = true;
        if (ch != 3 && ch != 27)
            ungetch(ch);             /* the key also does what it says */
    }
    if (got_signal) {
        got_signal = 0;
        stop = true;
    }
    if (tui_now_ms() - t->last_draw >= 40) {
        flush_output(t);
        tui_draw(t);
    }
    return stop;
}

/* The screen's state across a restore (dbg.h save_ui / load_ui). */
static void save_ui(struct dbg *d, struct strbuf *o)
{
    struct tui *t = d->ui;
    flush_output(t);
    sb_printf(o, "focus %d %d %d\n", t->focus, t->prev_focus, t->zoom);
    sb_printf(o, "speed %" PRIu64 "\n", t->speed);
    for (int i = 0; i < NPANES; i++)
        sb_printf(o, "pane %d %d %d %d %d\n", i, t->panes[i].hidden,
                  t->panes[i].scroll, t->panes[i].sel, t->panes[i].selcol);
    size_t first = t->con.n > 500 ? t->con.n - 500 : 0;
    sb_printf(o, "console %zu\n", t->con.n - first);
    for (size_t i = first; i < t->con.n; i++)
        sb_printf(o, "%s\n", t->con.lines[i]);
}

static void load_ui(struct dbg *d, const char *text, size_t len)
{
    struct tui *t = d->ui;
    char *s = ws_xstrndup(text, len);
    char *line = s, *next;
    size_t ncon = 0;
    bool in_console = false;
    for (; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        int a, b, c, e, f;
        if (in_console) {
            console_add(&t->con, line);
            if (--ncon == 0)
                in_console = false;
        } else if (strncmp(line, "speed ", 6) == 0) {
            set_speed(t, strtoull(line + 6, NULL, 10));
        } else if (sscanf(line, "focus %d %d %d", &a, &b, &c) == 3) {
            t->focus = a;
            t->prev_focus = b;
            t->zoom = c;
        } else if (sscanf(line, "pane %d %d %d %d %d", &a, &b, &c, &e, &f) == 5 &&
                   a >= 0 && a < NPANES) {
            t->panes[a].hidden = b;
            t->panes[a].scroll = c;
            t->panes[a].sel = e;
            t->panes[a].selcol = f;
        } else if (sscanf(line, "console %zu", &ncon) == 1) {
            for (size_t i = 0; i < t->con.n; i++)
                free(t->con.lines[i]);
            t->con.n = 0;
            in_console = ncon > 0;
        }
    }
    free(s);
    console_history_reload(&t->con);
}

/* A restored snapshot carries on here: repaint everything. */
static void after_restore(struct tui *t)
{
    clearok(curscr, TRUE);
    flush_output(t);
}

/* ---- keys ----------------------------------------------------------------- */

static void toggle_break(struct tui *t)
{
    struct pane *src = &t->panes[pane_index(t, "source")];
    char cmd[128];
    if (pane_source_break(src, t->d, cmd, sizeof cmd))
        run_command(t, cmd);
    else
        console_add(&t->con, "F9: select a source line with an instruction first (Source pane)");
}

static void key_global(struct tui *t, int ch)
{
    switch (ch) {
    case KEY_F(5): run_command(t, "continue"); return;
    case KEY_F(10): run_command(t, "step"); return;
    case KEY_F(11): run_command(t, "stepc"); return;
    case KEY_F(23): case KEY_F(12): run_command(t, "reverse-step"); return;
    case KEY_F(9): toggle_break(t); return;
    case '\t': cycle_focus(t, 1); return;
    case KEY_BTAB: cycle_focus(t, -1); return;
    case 'z': t->zoom = !t->zoom; return;
    case 'h': ui_command(t, "hide"); return;
    case 'L': ui_command(t, "layout next"); return;
    case '?': t->help = true; return;
    case ':': tui_set_focus(t, CONSOLE); return;
    case '+': case '-': {
        speed_key(t, ch);
        char msg[64];
        if (t->speed)
            snprintf(msg, sizeof msg, "speed: %" PRIu64 " cycles per second", t->speed);
        else
            snprintf(msg, sizeof msg, "speed: full (no animation)");
        console_add(&t->con, msg);
        return;
    }
    case 'q':
        if (strcmp(tui_state_text(t), "stopped") == 0)
            t->ask_quit = true;
        else
            t->quit = true;
        return;
    default:
        if (t->focus < NPANES && t->panes[t->focus].cls->key) {
            struct ui_ctx x = { t->d, t->d->fsm, t->d->fwarp, t->d->flane, false };
            t->panes[t->focus].cls->key(&t->panes[t->focus], ch, &x);
            t->d->fsm = x.sm;
            t->d->fwarp = x.warp;
            t->d->flane = x.lane;
        }
    }
}

static void key_mouse(struct tui *t)
{
    MEVENT m;
    if (getmouse(&m) != OK || !(m.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED)))
        return;
    for (int i = 0; i <= NPANES; i++) {
        const struct lrect *r = &t->rect[i];
        if (r->h < 3 || m.y < r->y || m.y >= r->y + r->h || m.x < r->x ||
            m.x >= r->x + r->w)
            continue;
        tui_set_focus(t, i);
        if (i < NPANES && t->panes[i].cls->click) {
            struct ui_ctx x = { t->d, t->d->fsm, t->d->fwarp, t->d->flane, false };
            t->panes[i].cls->click(&t->panes[i], m.y - r->y - 1, m.x - r->x - 1, &x);
            t->d->fsm = x.sm;
            t->d->fwarp = x.warp;
            t->d->flane = x.lane;
        }
        return;
    }
}

static void key(struct tui *t, int ch)
{
    if (ch == KEY_RESIZE) {
        clearok(curscr, TRUE);
        return;
    }
    if (t->help) {
        t->help = false;
        return;
    }
    if (t->ask_quit) {
        t->ask_quit = false;
        if (ch == 'y' || ch == 'Y')
            t->quit = true;
        return;
    }
    if (ch == KEY_MOUSE) {
        key_mouse(t);
        return;
    }
    if (t->focus == CONSOLE) {
        if (ch == 27) {                          /* Esc */
            tui_set_focus(t, t->prev_focus == CONSOLE ? 0 : t->prev_focus);
            return;
        }
        if (ch == KEY_F(5) || ch == KEY_F(9) || ch == KEY_F(10) ||
            ch == KEY_F(11) || ch == KEY_F(12) || ch == KEY_F(23) ||
            ch == KEY_BTAB) {
            key_global(t, ch);
            return;
        }
        char *line = console_key(&t->con, ch);
        if (line) {
            if (*line)
                run_command(t, line);
            free(line);
        }
        return;
    }
    key_global(t, ch);
}

/* ---- set-up -------------------------------------------------------------- */

static void colors(struct tui *t)
{
    t->color = has_colors() && !t->opt->no_color && !getenv("NO_COLOR");
    if (!t->color)
        return;
    start_color();
    use_default_colors();
    static const short fg[UC__COUNT] = {
        [UC_NORMAL] = -1, [UC_TITLE] = COLOR_CYAN, [UC_TITLE_FOCUS] = COLOR_BLACK,
        [UC_DIM] = COLOR_BLUE, [UC_STATUS] = COLOR_BLACK, [UC_ERROR] = COLOR_RED,
        [UC_READY] = COLOR_GREEN, [UC_STALL] = COLOR_YELLOW, [UC_BARRIER] = COLOR_MAGENTA,
        [UC_EXITED] = COLOR_BLUE, [UC_ISSUED] = COLOR_BLACK, [UC_READ] = COLOR_GREEN,
        [UC_WRITE] = COLOR_CYAN, [UC_CONFLICT] = COLOR_WHITE, [UC_VALID] = COLOR_GREEN,
        [UC_DIRTY] = COLOR_YELLOW, [UC_INVALID] = COLOR_BLUE, [UC_PENDING] = COLOR_MAGENTA,
        [UC_PC] = COLOR_BLACK, [UC_BREAK] = COLOR_RED, [UC_DEAD] = COLOR_BLUE,
        [UC_SELECT] = COLOR_BLACK,
    };
    static const short bg[UC__COUNT] = {
        [UC_TITLE_FOCUS] = COLOR_CYAN, [UC_STATUS] = COLOR_WHITE,
        [UC_ISSUED] = COLOR_GREEN, [UC_CONFLICT] = COLOR_RED, [UC_PC] = COLOR_YELLOW,
        [UC_SELECT] = COLOR_WHITE,
    };
    for (int i = 1; i < UC__COUNT; i++)
        init_pair((short)i, fg[i] ? fg[i] : -1, bg[i] ? bg[i] : -1);
}

static bool utf8_locale(void)
{
    const char *l = setlocale(LC_CTYPE, NULL);
    return l && (strstr(l, "UTF-8") || strstr(l, "utf8") || strstr(l, "UTF8"));
}

/* Curses on the terminal; anything else the process prints (stray
   messages) goes to a file instead of through the screen. */
static bool screen_on(struct tui *t, FILE **tty)
{
    fflush(stdout);
    fflush(stderr);
    saved_out = dup(1);
    saved_err = dup(2);
    *tty = fdopen(dup(1), "w");
    if (!*tty || !newterm(NULL, *tty, stdin))
        return false;
    t->tty_fd = fileno(*tty);
    FILE *f = tmpfile();
    if (f) {
        stray = dup(fileno(f));
        fclose(f);
    }
    int to = stray >= 0 ? stray : open("/dev/null", O_WRONLY);
    if (to >= 0) {
        dup2(to, 1);
        dup2(to, 2);
        if (to != stray)
            close(to);
    }
    raw();
    noecho();
    keypad(stdscr, TRUE);
    nodelay(stdscr, FALSE);
    set_escdelay(25);
    mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED, NULL);
    t->utf8 = utf8_locale() && !t->opt->ascii;
    colors(t);
    return true;
}

/* Waiting for a key, the screen loop wakes this often to look at the
   terminal's size. A resize whose signal arrives after curses last looked
   for one (while a frame is written, say) and before it waits for the
   keyboard is otherwise not seen until the next key. */
enum { IDLE_MS = 250 };

/* Whether the terminal changed size behind curses' back; if so, curses is
   told (its KEY_RESIZE follows) and the screen will be drawn anew. */
static bool resized(struct tui *t)
{
    struct winsize ws;
    if (ioctl(t->tty_fd, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 ||
        ws.ws_col == 0 || !is_term_resized(ws.ws_row, ws.ws_col))
        return false;
    resizeterm(ws.ws_row, ws.ws_col);
    clearok(curscr, TRUE);
    return true;
}

/* --bench-continue: `continue` to the end with the screen live; how long
   it took and what share went to drawing. */
static void bench_continue(struct tui *t)
{
    uint64_t t0 = tui_now_ns();
    t->draw_ns = t->frames = 0;
    run_command(t, "continue");
    uint64_t total = tui_now_ns() - t0;
    int h, w;
    getmaxyx(stdscr, h, w);
    restore_terminal();
    fprintf(stderr, "continue: %.3f s with the screen live at %dx%d, %llu frames (%.1f per second), %.1f%% of the time drawing\n",
            (double)total / 1e9, w, h, (unsigned long long)t->frames,
            (double)t->frames / ((double)total / 1e9),
            100.0 * (double)t->draw_ns / (double)total);
    t->d->finished_quit = true;
}

static void bench(struct tui *t)
{
    long n = t->opt->bench_frames;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (long i = 0; i < n; i++) {
        clearok(curscr, TRUE);
        tui_draw(t);
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double ms = ((double)(b.tv_sec - a.tv_sec) * 1e3 +
                 (double)(b.tv_nsec - a.tv_nsec) / 1e6) / (double)n;
    int h, w;
    getmaxyx(stdscr, h, w);
    restore_terminal();
    fprintf(stderr, "redraw: %ld full frames at %dx%d, %.3f ms per frame\n", n, w, h, ms);
    t->d->finished_quit = true;
}

void tui_driver(struct dbg *d, void *ctx)
{
    struct tui t;
    memset(&t, 0, sizeof t);
    t.d = d;
    t.opt = ctx;
    setlocale(LC_ALL, "");
    FILE *tty = NULL;
    if (!screen_on(&t, &tty)) {
        restore_terminal();
        fprintf(stderr, "warpscope: cannot start the TUI on this terminal (TERM=%s); use `warpscope run`\n",
                getenv("TERM") ? getenv("TERM") : "");
        return;
    }
    T = &t;
    signals();
    lua_atpanic(wslua_lua(d), on_panic);
    int first = layout_init(t.panes, d);
    sb_init(&t.out);
    d->capture = &t.out;
    d->say = say;
    d->poll = tui_poll;
    d->ui = &t;
    d->poll_cycles = 2048;
    d->save_ui = save_ui;
    d->load_ui = load_ui;
    console_init(&t.con, "(ws) ");
    t.focus = first;
    t.prev_focus = first;
    console_add(&t.con, "warpscope: F5 continue, F10 step, F11 cycle, : console, ? help, q quit");
    uint64_t restores = d->restores;
    /* Run the scenario's set-up: stop before the first cycle, or where
       it pauses first. */
    struct req start = { .kind = REQ_CYCLES, .target = 0 };
    t.running = true;
    if (device_timing(&d->s->dev))   /* functional mode can only continue */
        dbg_resume(d, &start);
    t.running = false;
    flush_output(&t);
    if (t.opt->bench_frames > 0) {
        bench(&t);
    } else if (t.opt->bench_continue) {
        bench_continue(&t);
    } else {
        bool draw = true;
        while (!t.quit) {
            if (d->restores != restores) {
                restores = d->restores;
                after_restore(&t);
            }
            if (draw) {
                flush_output(&t);
                tui_draw(&t);
            }
            draw = true;
            timeout(IDLE_MS);
            int ch = getch();
            timeout(-1);
            if (ch == ERR) {
                draw = resized(&t);
                continue;
            }
            if (ch == 3) {                 /* Ctrl-C when stopped: nothing runs */
                console_add(&t.con, "(the simulation is not running; q quits)");
                continue;
            }
            key(&t, ch);
        }
    }
    d->finished_quit = true;
    console_free(&t.con);
    d->capture = NULL;
    d->poll = NULL;
    d->say = NULL;
    d->save_ui = NULL;
    d->load_ui = NULL;
    restore_terminal();
    if (tty)
        fclose(tty);
    sb_free(&t.out);
    free(t.msg);
    T = NULL;
}
