/*
** ptrmap.h - hash map from pointers (typically interned strings) to int64.
*/
#ifndef WS_PTRMAP_H
#define WS_PTRMAP_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ptrmap {
    const void **keys;
    int64_t *vals;
    size_t cap, n;
};

void ptrmap_init(struct ptrmap *m);
void ptrmap_free(struct ptrmap *m);
/* Inserts or replaces. */
void ptrmap_put(struct ptrmap *m, const void *key, int64_t val);
/* Returns true and stores the value if present. */
bool ptrmap_get(const struct ptrmap *m, const void *key, int64_t *val);
/* Removes a key if present. */
void ptrmap_del(struct ptrmap *m, const void *key);

#endif
