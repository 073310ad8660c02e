/*
** vec.h - typed growable arrays.
**   VEC(int) v = {0};  vec_push(&v, 3);  v.v[0];  v.n;  vec_free(&v);
** Elements may move on push: keep indices, not pointers, across pushes.
*/
#ifndef WS_VEC_H
#define WS_VEC_H
#include <stddef.h>
#include "util/xalloc.h"

#define VEC(T) struct { T *v; size_t n, cap; }

#define vec_reserve(a, want)                                                   \
    do {                                                                       \
        if ((want) > (a)->cap) {                                               \
            size_t nc_ = (a)->cap ? (a)->cap * 2 : 8;                          \
            while (nc_ < (want))                                               \
                nc_ *= 2;                                                      \
            (a)->v = ws_xrealloc((a)->v, nc_ * sizeof *(a)->v);                \
            (a)->cap = nc_;                                                    \
        }                                                                      \
    } while (0)

#define vec_push(a, x)                                                         \
    do {                                                                       \
        vec_reserve((a), (a)->n + 1);                                          \
        (a)->v[(a)->n++] = (x);                                                \
    } while (0)

#define vec_free(a)                                                            \
    do {                                                                       \
        free((a)->v);                                                          \
        (a)->v = NULL;                                                         \
        (a)->n = (a)->cap = 0;                                                 \
    } while (0)

#define vec_last(a) ((a)->v[(a)->n - 1])

#endif
