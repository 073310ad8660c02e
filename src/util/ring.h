/*
** ring.h - typed FIFO queues in a growable circular buffer.
**   RING(int) q = {0};  ring_push(&q, 3);  ring_front(&q);  ring_pop(&q);
**   q.n;  ring_at(&q, i);  ring_free(&q);
** Elements move when the ring grows: keep indices, not pointers.
** The capacity is 0 or a power of two (16, doubled by ring_grow), so an
** index wraps with a mask.
*/
#ifndef WS_RING_H
#define WS_RING_H
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#define RING(T) struct { T *v; uint32_t head, n, cap; }

/* Doubles a full ring's storage, oldest element first; returns it. */
void *ring_grow(void *v, uint32_t *head, uint32_t n, uint32_t *cap,
                size_t elem);

#define ring_push(r, x)                                                        \
    do {                                                                       \
        if ((r)->n == (r)->cap)                                                \
            (r)->v = ring_grow((r)->v, &(r)->head, (r)->n, &(r)->cap,          \
                               sizeof *(r)->v);                                \
        (r)->v[((r)->head + (r)->n) & ((r)->cap - 1)] = (x);                   \
        (r)->n++;                                                              \
    } while (0)

/* The i-th oldest element (0: the front). */
#define ring_at(r, i) ((r)->v[((r)->head + (i)) & ((r)->cap - 1)])
#define ring_front(r) ((r)->v[(r)->head])
#define ring_pop(r)                                                            \
    do {                                                                       \
        (r)->head = ((r)->head + 1) & ((r)->cap - 1);                          \
        (r)->n--;                                                              \
    } while (0)
#define ring_free(r)                                                           \
    do {                                                                       \
        free((r)->v);                                                          \
        (r)->v = NULL;                                                         \
        (r)->head = (r)->n = (r)->cap = 0;                                     \
    } while (0)

#endif
