/*
** cmd-examine.c - looking at values as a gdb user expects: `x/NUF ADDR`
** (memory of any space, N units of U bytes in format F), `info registers
** [/x|/f|/d] [REG...]` (every lane of the focused warp) and the formats of
** `print/F` (x hex, d decimal, f the 32-bit pattern as a float).
*/
#include "debug/cmd-internal.h"
#include "debug/inspect.h"
#include "sim/session.h"
#include "util/strbuf.h"
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char cmd_fmt[16];

static float f32_of(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static double f64_of(uint64_t bits)
{
    double f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* One value of `bytes` bytes in format f (x, d, u, f). */
static void put_value(struct strbuf *o, uint64_t v, int bytes, char f)
{
    int64_t sv = bytes == 8 ? (int64_t)v : bytes == 4 ? (int32_t)v
               : bytes == 2 ? (int16_t)v : (int8_t)v;
    switch (f) {
    case 'd': sb_printf(o, "%" PRId64, sv); break;
    case 'u': sb_printf(o, "%" PRIu64, v); break;
    case 'f':
        if (bytes == 8)
            sb_printf(o, "%.17g", f64_of(v));
        else
            sb_printf(o, "%.9g", (double)f32_of((uint32_t)v));
        break;
    default: sb_printf(o, "0x%0*" PRIx64, bytes * 2, v); break;
    }
}

/* ---- print/F ----------------------------------------------------------- */

int cmd_format_text(const char *text, char fmt, struct strbuf *o)
{
    /* every integer in the value's text, in the format (floats as they are) */
    for (const char *p = text; *p;) {
        bool start = p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '.' ||
                                    p[-1] == '_');
        const char *q = p + (*p == '-');
        if (start && isdigit((unsigned char)*q)) {
            char *end;
            long long v = strtoll(p, &end, 10);
            if (*end != '.' && *end != 'e' && *end != 'x' && !isalpha((unsigned char)*end)) {
                uint64_t u = (uint64_t)v;
                bool wide = v > (long long)UINT32_MAX || v < INT32_MIN;
                put_value(o, wide ? u : (uint32_t)u, wide ? 8 : 4, fmt);
                p = end;
                continue;
            }
        }
        sb_putc(o, *p++);
    }
    return WS_OK;
}

/* ---- x/NUF ADDR -------------------------------------------------------- */

/* "8wx" -> count 8, unit 4, format x (gdb's letters: b h w g; x d u f). */
static bool parse_fmt(const char *s, uint64_t *count, int *unit, char *f)
{
    *count = 1;
    *unit = 4;
    *f = 'x';
    if (isdigit((unsigned char)*s)) {
        char *end;
        *count = strtoull(s, &end, 10);
        s = end;
    }
    for (; *s; s++) {
        switch (*s) {
        case 'b': *unit = 1; break;
        case 'h': *unit = 2; break;
        case 'w': *unit = 4; break;
        case 'g': *unit = 8; break;
        case 'x': case 'd': case 'u': case 'f': *f = *s; break;
        default: return false;
        }
    }
    return *count >= 1 && *count <= 4096 && !(*f == 'f' && *unit < 4);
}

/* ADDR: [global:|shared:|local:]NUMBER, or a Lua expression's value. */
static bool parse_addr(struct dbg *d, const char *arg, char *space, size_t n,
                       uint64_t *addr)
{
    snprintf(space, n, "global");
    const char *colon = strchr(arg, ':');
    if (colon && (size_t)(colon - arg) < n &&
        (!strncmp(arg, "global:", 7) || !strncmp(arg, "shared:", 7) ||
         !strncmp(arg, "local:", 6))) {
        snprintf(space, n, "%.*s", (int)(colon - arg), arg);
        arg = colon + 1;
    }
    if (cmd_u64(arg, addr))
        return true;
    char *text;
    bool syntax;
    bool ok = dbg_script_eval(d, arg, DBG_TEXT_PLAIN, "x", &text, &syntax) == WS_OK &&
              cmd_u64(text, addr);
    free(text);
    return ok;
}

int cmd_x(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)argv;
    uint64_t count, addr;
    int unit;
    char f, space[16];
    if (argc < 2)
        return cmd_error(d, "usage: x/NUF ADDR (N units: b h w g bytes 1 2 4 8, format x d u f; ADDR [global:|shared:|local:]N or a Lua expression)");
    if (!parse_fmt(cmd_fmt, &count, &unit, &f))
        return cmd_error(d, "x: bad format '/%s' (a count, a unit b h w g, a format x d u f; f needs w or g)",
                         cmd_fmt);
    if (!parse_addr(d, rest, space, sizeof space, &addr))
        return cmd_error(d, "x: '%s' is not an address (a number, shared:N, local:N or a Lua expression)",
                         rest);
    uint64_t bytes = count * (uint64_t)unit;
    uint8_t *buf = malloc(bytes);
    char err[200] = "";
    if (!buf || inspect_mem(&d->s->dev, d->fsm, d->fwarp, d->flane, space, addr,
                            buf, bytes, err, sizeof err) != 0) {
        free(buf);
        return cmd_error(d, "x: %s", err[0] ? err : "out of memory");
    }
    struct strbuf o;
    sb_init(&o);
    int per = unit == 8 ? 2 : 4;
    for (uint64_t i = 0; i < count; i++) {
        if (i % (uint64_t)per == 0) {
            if (i)
                sb_putc(&o, '\n');
            sb_printf(&o, "%s 0x%" PRIx64 ":", space, addr + i * (uint64_t)unit);
            if (strcmp(space, "global"))
                sb_printf(&o, " (sm %d warp %d%s)", d->fsm, d->fwarp,
                          strcmp(space, "local") ? "" : " lane");
        }
        uint64_t v = 0;
        memcpy(&v, buf + i * (uint64_t)unit, (size_t)unit);   /* little end */
        sb_putc(&o, ' ');
        put_value(&o, v, unit, f);
    }
    sb_putc(&o, '\n');
    dbg_printf(d, "%s", sb_str(&o));
    sb_free(&o);
    free(buf);
    return WS_OK;
}

/* ---- info registers -------------------------------------------------- */

/* One register, every lane, 8 to a row; lanes without a thread as "-". */
static void reg_rows(struct strbuf *o, const char *name, const uint32_t v[32],
                     uint32_t mask, char f)
{
    for (int l = 0; l < 32; l++) {
        if (l % 8 == 0)
            sb_printf(o, "%s%-5s [%2d]", l ? "\n" : "", l ? "" : name, l);
        sb_putc(o, ' ');
        if (!(mask >> l & 1))
            sb_puts(o, "-");
        else
            put_value(o, v[l], 4, f);
    }
    sb_putc(o, '\n');
}

int cmd_info_registers(struct dbg *d, int argc, char **argv)
{
    char f = 'x';
    int first = 2;
    if (argc > 2 && argv[2][0] == '/') {
        f = argv[2][1];
        if (!strchr("xduf", f) || !f || argv[2][2])
            return cmd_error(d, "info registers: bad format '%s' (/x, /d, /u or /f)", argv[2]);
        first = 3;
    }
    const struct ws_device *dev = &d->s->dev;
    char err[200] = "";
    uint32_t v[32], mask;
    struct strbuf o;
    sb_init(&o);
    int shown = 0;
    if (argc > first) {
        for (int i = first; i < argc; i++) {
            if (inspect_reg(dev, d->fsm, d->fwarp, argv[i], v, &mask, err, sizeof err)) {
                sb_free(&o);
                return cmd_error(d, "info registers: %s", err);
            }
            reg_rows(&o, argv[i], v, mask, f);
            shown++;
        }
    } else {
        /* every physical register, then every predicate, of the kernel */
        for (int k = 0; k < 2; k++)
            for (int i = 0;; i++) {
                char name[16];
                snprintf(name, sizeof name, "%c%d", k ? 'P' : 'R', i);
                if (inspect_reg(dev, d->fsm, d->fwarp, name, v, &mask, err, sizeof err))
                    break;
                reg_rows(&o, name, v, mask, k ? 'd' : f);
                shown++;
            }
    }
    if (!shown) {
        sb_free(&o);
        return cmd_error(d, "info registers: %s", err[0] ? err : "no registers");
    }
    dbg_printf(d, "sm %d warp %d, lanes 0-31 (%s; - : no thread in that lane):\n%s",
               d->fsm, d->fwarp, f == 'f' ? "as floats" : f == 'd' ? "signed"
               : f == 'u' ? "unsigned" : "hex", sb_str(&o));
    sb_free(&o);
    return WS_OK;
}
