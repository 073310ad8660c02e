/*
** pool.h - arrays of records with a free list threaded through them, so
** that records refer to each other by index (the timing model's
** instructions, memory operations and requests).
*/
#ifndef WS_POOL_H
#define WS_POOL_H
#include <stdint.h>
#include "util/xalloc.h"

/*
** Doubles the capacity of arr (to `first` records when empty) and puts
** the new records on the free list whose head is free_head, linked
** through their field `link`, lowest index first.
*/
#define pool_grow(arr, cap, free_head, link, first)                            \
    do {                                                                       \
        uint32_t nc_ = (cap) ? (cap) * 2 : (first);                            \
        (arr) = ws_xrealloc((arr), nc_ * sizeof *(arr));                       \
        for (uint32_t i_ = nc_; i_-- > (cap);) {                               \
            (arr)[i_].link = (free_head);                                      \
            (free_head) = (int32_t)i_;                                         \
        }                                                                      \
        (cap) = nc_;                                                           \
    } while (0)

#endif
