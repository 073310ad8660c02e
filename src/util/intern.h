/*
** intern.h - string interning.
** Names in the IR (registers, labels, symbols) are interned so that they
** can be compared by pointer and freed all at once with the pool.
*/
#ifndef WS_INTERN_H
#define WS_INTERN_H
#include <stddef.h>

struct ptx_strpool;

struct ptx_strpool *intern_new(void);
void intern_free(struct ptx_strpool *p);
/* Returns the canonical copy of s[0..n); equal strings give equal pointers. */
const char *intern(struct ptx_strpool *p, const char *s, size_t n);
const char *intern_cstr(struct ptx_strpool *p, const char *s);

#endif
