/*
** xalloc.h - allocation wrappers.
** Running out of memory is not a recoverable user error in a simulator, so
** these print a message and abort instead of returning NULL. Nothing else in
** src/ aborts.
*/
#ifndef WS_XALLOC_H
#define WS_XALLOC_H
#include <stddef.h>

void *ws_xmalloc(size_t n);
void *ws_xcalloc(size_t count, size_t size);
void *ws_xrealloc(void *p, size_t n);
/* n zeroed bytes aligned to align (a power of two, a multiple of
   sizeof(void *)); free() releases them. */
void *ws_xaligned(size_t align, size_t n);
char *ws_xstrdup(const char *s);
char *ws_xstrndup(const char *s, size_t n);

#endif
