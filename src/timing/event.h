/*
** event.h - the events the model emits, and the bus that delivers them.
** The debugger, Lua hooks, probes, the trace writer and the TUI subscribe;
** the model only emits. With no subscriber for a type, emitting costs one
** test of a bit mask. Designs add their own types after EV__BASE.
*/
#ifndef WS_EVENT_H
#define WS_EVENT_H
#include <stdbool.h>
#include <stdint.h>

enum ev_type {
    EV_WARP_ISSUE,      /* a: instruction index, b: lanes executing */
    EV_WARP_STALL,      /* a: stall reason (enum stall) */
    EV_RF_CONFLICT,     /* a: bank, b: requests that waited; warp: the
                           warp served; addr: the request served and the
                           first one left waiting (ev_req_pair; 0: not
                           told) */
    EV_L1_HIT,          /* addr; a: the load's instruction index */
    EV_L1_MISS,         /* addr; a: the load's instruction index */
    EV_L1_FILL,         /* addr */
    EV_L1_EVICT,        /* addr, b: 1 if dirty */
    EV_MSHR_MERGE,      /* addr; a: the load's instruction index */
    EV_SHMEM_CONFLICT,  /* a: degree, b: instruction index */
    EV_BARRIER,         /* a: barrier id */
    EV_CTA_LAUNCH,      /* a: CTA linear id */
    EV_CTA_EXIT,        /* a: CTA linear id */
    EV_KERNEL_EXIT,     /* a: launch index */
    EV_WARP_STATE,      /* a: what the warp waits for now (enum stall:
                           STALL_NONE ready, STALL_IDLE exited, ...; -1:
                           the slot emptied), b: before (-1: it was empty) */
    EV_L2_ACCESS,       /* sm: requester (-1: none), addr, a: L2 slice,
                           b: enum ev_l2_outcome */
    EV_DRAM_REQUEST,    /* addr, a: channel, b: 1 if a write; queued */
    EV_DRAM_DONE,       /* addr, a: channel, b: 1 if a write; finished */
    EV__BASE,           /* design events start here */
    EV__MAX = 64
};

/* What an L2 slice did with a request (EV_L2_ACCESS's b). */
enum ev_l2_outcome {
    EV_L2_HIT,          /* a read or atomic found its line */
    EV_L2_MISS,         /* a read or atomic missed: the line is fetched */
    EV_L2_MERGE,        /* missed on a line already being fetched */
    EV_L2_WRITE,        /* a write or write-back (allocates without fetch) */
    EV_L2_FORWARD,      /* no L2 cache: passed straight to DRAM */
};

/* "hit", "miss", "merge", "write", "forward" ("?" for another value). */
const char *ev_l2_outcome_name(int64_t o);

struct ws_event {
    uint16_t type;
    int16_t sm;
    int32_t warp;       /* warp slot on the SM, -1 if none */
    uint64_t cycle;
    uint64_t addr;
    int64_t a, b;
};

/* A register request in an event's payload: warp slot, register, read or
   write, as one 32-bit number (never 0, which means "not told"); two of
   them fill the 64-bit addr of an event that has no address. */
static inline uint32_t ev_req(uint32_t warp, uint32_t reg, bool write)
{
    return 1 + ((warp & 0x7fff) << 17 | (uint32_t)write << 16 | (reg & 0xffff));
}
static inline uint64_t ev_req_pair(uint32_t first, uint32_t second)
{
    return (uint64_t)first << 32 | second;
}
/* Request i (0 or 1) of a pair; false when it was not told. */
static inline bool ev_req_get(uint64_t pair, int i, uint32_t *warp,
                              uint32_t *reg, bool *write)
{
    uint32_t v = (uint32_t)(i ? pair : pair >> 32);
    if (v == 0)
        return false;
    v -= 1;
    *warp = v >> 17;
    *write = (v >> 16 & 1) != 0;
    *reg = v & 0xffff;
    return true;
}

typedef bool (*ev_fn)(void *ctx, const struct ws_event *e);

#define EVBUS_MAX_SUBS 16

struct evbus {
    uint64_t mask;      /* types with at least one subscriber */
    uint32_t n;
    struct {
        uint64_t types;
        ev_fn fn;
        void *ctx;
    } sub[EVBUS_MAX_SUBS];
    bool stop;          /* a subscriber asked the run to stop */
};

void evbus_init(struct evbus *b);
/* Subscribes fn to the types in `types` (bit mask); returns an id or -1. */
int evbus_subscribe(struct evbus *b, uint64_t types, ev_fn fn, void *ctx);
void evbus_unsubscribe(struct evbus *b, int id);
void evbus_deliver(struct evbus *b, const struct ws_event *e);
/* The Lua name of an event type ("l1.evict", "cerf.spill", ...), or
   NULL for a type nobody registered. */
const char *ev_name(enum ev_type t);
/*
** A design's event type for `name` ("<design>.<event>"): registered once,
** the same type on every later call (designs register at build time).
** Returns -1 when EV__MAX types exist.
*/
int ev_register(const char *name);

/*
** How a design event's payload reads in Lua: the field names given to
** addr, a and b (NULL: not part of the payload, "" for all three: the
** generic addr/a/b), and optionally names for the values of a (a_enum[a]
** is set as a string when a < a_enum_n).
*/
struct ev_fields {
    const char *addr, *a, *b;
    const char *const *a_enum;
    uint32_t a_enum_n;
};
/* As ev_register, naming the payload's fields (f copied; its strings
   must outlive the program: literals). */
int ev_register_fields(const char *name, const struct ev_fields *f);
/* The fields of a design event type, or NULL. */
const struct ev_fields *ev_fields_of(enum ev_type t);
/*
** What a design event means in one line of words, for stop reports: the
** fields' names in braces stand for their values ("bank {bank} shifts to
** offset {offset}"), {warp} for the warp slot (a literal: it must outlive
** the program). ev_says_of gives it, or NULL (the fields are listed).
*/
void ev_register_says(int type, const char *says);
const char *ev_says_of(enum ev_type t);
/* The type of a Lua event name, or -1. */
int ev_lookup(const char *name);

static inline bool ev_wanted(const struct evbus *b, enum ev_type t)
{
    return b && (b->mask >> t & 1);
}

#endif
