/*
** pane-racetrack.c - the Racetrack pane: for design `racetrack`, each
** register bank's stripe as a tape of domains with its access ports,
** current offset, target and pending shifts (SPEC 7). That design is not
** built yet, and the inspection layer has no racetrack view, so for now
** the pane says what it will show and why it shows nothing: it never
** invents stripe data. A view: reads the configuration only.
*/
#include "ui.h"
#include "lua/ws.h"
#include <stdio.h>
#include <string.h>

/* Writes text wrapped at spaces from row `row`; returns the next row. */
static int wrap(const struct canvas *c, int row, enum ui_color col,
                const char *text)
{
    size_t len = strlen(text), w = c->w > 0 ? (size_t)c->w : 1;
    while (len > 0 && row < c->h) {
        size_t n = len <= w ? len : w;
        if (n < len) {
            size_t b = n;
            while (b > 0 && text[b] != ' ')
                b--;
            if (b > 0)
                n = b;
        }
        cv_print(c, row++, 0, col, false, "%.*s", (int)n, text);
        text += n;
        len -= n;
        while (len > 0 && *text == ' ') {
            text++;
            len--;
        }
    }
    return row;
}

static void draw(struct pane *p, const struct canvas *c, const struct ui_ctx *x)
{
    (void)p;
    if (c->h <= 0 || c->w <= 0)
        return;
    char design[32], msg[256];
    config_enum_name(&x->d->s->dev.cfg, CK_DESIGN, design, sizeof design);
    if (strcmp(design, "racetrack") != 0) {
        snprintf(msg, sizeof msg, "not in use: design is %s (racetrack shows port positions, offsets and shifts of the racetrack register file)",
                 design);
        wrap(c, 0, UC_DIM, msg);
        return;
    }
    wrap(c, 0, UC_DIM, "design racetrack: the inspection layer has no racetrack view yet, so no stripes, ports or shifts can be shown.");
}

const struct pane_class pane_racetrack = { "racetrack", "Racetrack", draw, NULL, NULL };
