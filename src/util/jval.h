/*
** jval.h - an ordered JSON value tree.
** Statistics are built once as a jval and then rendered as JSON (--json) or
** pushed to Lua (ws.run() results), so the two can never disagree. Objects
** keep insertion order, which makes the JSON byte-identical run to run.
*/
#ifndef WS_JVAL_H
#define WS_JVAL_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "util/strbuf.h"

enum jv_kind { JV_NULL, JV_BOOL, JV_INT, JV_NUM, JV_STR, JV_ARR, JV_OBJ };

struct jv {
    enum jv_kind kind;
    union {
        bool b;
        int64_t i;
        double d;
        char *s;
    } u;
    /* JV_ARR and JV_OBJ: n items; keys only for objects. */
    struct jv **items;
    char **keys;
    size_t n, cap;
};

struct jv *jv_null(void);
struct jv *jv_bool(bool b);
struct jv *jv_int(int64_t i);
struct jv *jv_num(double d);
struct jv *jv_str(const char *s);
struct jv *jv_arr(void);
struct jv *jv_obj(void);

/* Appends to an array; takes ownership of v. Returns v. */
struct jv *jv_push(struct jv *arr, struct jv *v);
/* Sets key in an object (replacing an existing value in place); takes
   ownership of v. Returns v. */
struct jv *jv_set(struct jv *obj, const char *key, struct jv *v);
/* Removes key from an object (nothing if absent). */
void jv_remove(struct jv *obj, const char *key);
/* Looks a key up; NULL if absent or obj is not an object. */
struct jv *jv_get(const struct jv *obj, const char *key);

/* Adds to a numeric member of an object, creating it (0) if absent:
   how per-SM counters are summed into one statistics object. */
void jv_add_int(struct jv *obj, const char *key, int64_t v);
void jv_add_num(struct jv *obj, const char *key, double v);
/* The number at key (int or double), or 0 if absent. */
double jv_num_at(const struct jv *obj, const char *key);

/* A deep copy. */
struct jv *jv_clone(const struct jv *v);
/* after - before, number by number (objects by key, arrays by index);
   anything else is copied from after. How per-launch statistics come
   from cumulative counters. */
struct jv *jv_delta(const struct jv *after, const struct jv *before);

void jv_free(struct jv *v);

/*
** Writes v as JSON. indent > 0 pretty-prints with that many spaces per level;
** 0 writes one line. Doubles use the shortest of %.15g..%.17g that reads
** back exactly; non-finite numbers are written as null (JSON has no NaN).
*/
void jv_write(const struct jv *v, struct strbuf *out, int indent);

/* Formats a double the way jv_write does (no NaN/inf handling). */
void jv_format_double(double d, char buf[32]);

#endif
