/*
** config.h - typed configuration values and their validation.
** A configuration is an array of values indexed by key id (CK_*), filled
** from the defaults of keys.h, then a preset, then scenario and command-line
** assignments (see config_resolve). Reading a key is an array access.
*/
#ifndef WS_CONFIG_H
#define WS_CONFIG_H
#include <stdbool.h>
#include <stdint.h>
#include "config/keys.h"
#include "util/diag.h"
#include "util/strbuf.h"

enum config_type { CT_INT, CT_FLOAT, CT_BOOL, CT_ENUM, CT_STRING };

#define X(id, ...) CK_##id,
enum cfg_key_id { WS_CONFIG_KEYS(X) CK__COUNT };
#undef X

struct config_key {
    const char *name;
    enum config_type type;
    const char *def;
    double min, max;
    const char *values;     /* CT_ENUM: "a|b|c" */
    const char *doc;
};

union config_val {
    int64_t i;
    double f;
    bool b;
    int e;                  /* CT_ENUM: index into values */
    char *s;
};

struct ws_config {
    union config_val v[CK__COUNT];
};

const struct config_key *config_key(int id);
/* Key id by name, or -1. */
int config_find(const char *name);

/* Fills c with the defaults. */
void config_init(struct ws_config *c);
void config_free(struct ws_config *c);
void config_copy(struct ws_config *dst, const struct ws_config *src);

/*
** Sets key `name` from text. Integers accept a K/M/G suffix (x1024);
** booleans true/false/yes/no/on/off/1/0. On error fills diag (with no
** location; the caller adds one) naming the key and what was expected.
*/
int config_set(struct ws_config *c, const char *name, const char *value,
            struct ws_diag *diag);

/* Appends the canonical text of a value. */
void config_format(const struct ws_config *c, int id, struct strbuf *out);

/* Hash of every key that can change a result (not `preset`, `debug.*`
   or `lua.hook_instructions`), as 16 hex digits. */
void config_hash(const struct ws_config *c, char out[17]);

/* Appends the `warpscope --help config` table. */
void config_help(struct strbuf *out);

static inline int64_t config_i(const struct ws_config *c, int id) { return c->v[id].i; }
static inline double config_f(const struct ws_config *c, int id) { return c->v[id].f; }
static inline bool config_b(const struct ws_config *c, int id) { return c->v[id].b; }
static inline int config_e(const struct ws_config *c, int id) { return c->v[id].e; }
static inline const char *config_s(const struct ws_config *c, int id) { return c->v[id].s; }
/* The name of an enum key's current value. */
const char *config_enum_name(const struct ws_config *c, int id, char *buf,
                          size_t n);

/* One `key=value` assignment and where it came from (for errors). */
struct config_assign {
    char *key, *value;
    char *file;             /* NULL: the command line (--set) */
    int line, col;          /* col 0: unknown */
};

struct config_assigns {
    struct config_assign *v;
    size_t n, cap;
};

void config_assigns_add(struct config_assigns *a, const char *key,
                     const char *value, const char *file, int line);
void config_assigns_free(struct config_assigns *a);
/* Splits a --set "key=value"; fails with a diagnostic if there is no '='. */
int config_assigns_parse(struct config_assigns *a, const char *text,
                      struct ws_diag *diag);

/* Applies assignments in order, skipping `preset`. Errors name the
   assignment's origin. */
int config_apply(struct ws_config *c, const struct config_assigns *a,
              struct ws_diag *diag);

#endif
