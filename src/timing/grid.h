/*
** grid.h - grids of cells in a part's describe output (seams.h): the
** generic way a design shows its own structure (racetrack tapes, per-lane
** caches, hybrid arrays, register-cache partitions) in the TUI's Design
** pane, `info design` and ws.design(). A grid is
**   { title, legend: [{code, glyph, color, label}],
**     rows: [{label, cells, hot, note: [{t, c}], details: [text]}],
**     foot: [text] }
** where `cells` is a string of one code character per cell, each code
** explained by the legend (glyph: what the TUI draws with UTF-8, the code
** itself otherwise; color: a colour role such as "valid", "dirty",
** "invalid", "pending", "read", "write", "conflict", "select", "dim"),
** `note` is text after the row (segments with colour roles), `details`
** one line per cell shown for the selected cell, and `foot` lines under
** the grid. Only builds JSON: no drawing here.
*/
#ifndef WS_GRID_H
#define WS_GRID_H
#include "util/jval.h"

/* A new grid appended to out's "grids" array. */
struct jv *grid_new(struct jv *out, const char *title);
/* Explains code (glyph may be NULL: the code is drawn). */
void grid_legend(struct jv *g, char code, const char *glyph,
                 const char *color, const char *label);
/* A row of cells (one code per cell). */
struct jv *grid_row(struct jv *g, const char *label, const char *cells);
/* Appends a segment of text in colour role `color` to the row's note. */
void grid_note(struct jv *row, const char *color, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The detail line of the row's next cell (cells in order). */
void grid_detail(struct jv *row, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A line under the grid. */
void grid_foot(struct jv *g, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
