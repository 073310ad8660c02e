/* clock.h - the host's monotonic clock, for measuring host time only
   (never for anything a simulation result depends on). */
#ifndef WS_CLOCK_H
#define WS_CLOCK_H
#include <stdint.h>
#include <time.h>

static inline uint64_t ws_now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

#endif
