/*
** cmd-internal.h - what the command files share (cmd.c, cmd-break.c,
** cmd-info.c, cmd-examine.c).
*/
#ifndef WS_CMD_INTERNAL_H
#define WS_CMD_INTERNAL_H
#include <stdbool.h>
#include <stdint.h>
#include "debug/dbg.h"

/* Prints "WHERE: error: ..." (and counts it); returns WS_ERR (cmd-util.c,
   with the two number parsers). */
int cmd_error(struct dbg *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
bool cmd_u64(const char *s, uint64_t *out);
bool cmd_int(const char *s, int *out);

/* Event type by Lua name, or -1; the names, comma-separated. */
int cmd_event_type(const char *name);
const char *cmd_event_list(void);

/* Focuses the first warp of a resident CTA; WS_ERR if none. */
int cmd_focus_cta(struct dbg *d, const uint32_t id[3]);

int cmd_break(struct dbg *d, int argc, char **argv, const char *rest);
int cmd_watch(struct dbg *d, int argc, char **argv, const char *rest);
int cmd_condition(struct dbg *d, int argc, char **argv, const char *rest);
int cmd_ignore(struct dbg *d, int argc, char **argv, const char *rest);
int cmd_delete(struct dbg *d, int argc, char **argv, const char *rest);
int cmd_enable(struct dbg *d, int argc, char **argv, const char *rest);
int cmd_info(struct dbg *d, int argc, char **argv, const char *rest);
int cmd_print(struct dbg *d, int argc, char **argv, const char *rest);
int cmd_display(struct dbg *d, int argc, char **argv, const char *rest);
int cmd_undisplay(struct dbg *d, int argc, char **argv, const char *rest);

/* cmd-examine.c: the /FMT after a command word (`x/8wx`, `p/f`; "" if
   none), examining memory and registers, and a value's text with every
   integer in format f (x d u f). */
extern char cmd_fmt[16];
int cmd_x(struct dbg *d, int argc, char **argv, const char *rest);
int cmd_info_registers(struct dbg *d, int argc, char **argv);
int cmd_format_text(const char *text, char fmt, struct strbuf *o);

#endif
