/*
** harness.h - run PTX snippets on the simulator from cmocka tests.
** Tests go through the real pipeline (parse, inline, allocate, decode,
** execute), so an opcode test also exercises the front end.
*/
#ifndef WS_TEST_HARNESS_H
#define WS_TEST_HARNESS_H
#include <stddef.h>
#include <stdint.h>
#include "sim/device.h"

struct th {
    struct ws_device dev;
    int module;
    struct ws_diag diag;
    char rendered[4096];     /* last error, rendered */
};

/* Creates a device with the built-in defaults plus optional "k=v" sets
   (NULL-terminated list, may be NULL). Returns 0 on success. */
int th_init(struct th *t, const char *const *sets);
void th_free(struct th *t);

/* Loads PTX text (copied); returns 0, or -1 with th_error(t) set. */
int th_load(struct th *t, const char *ptx);
const char *th_error(struct th *t);

uint64_t th_alloc(struct th *t, size_t bytes);
void th_write(struct th *t, uint64_t addr, const void *p, size_t n);
void th_read(struct th *t, uint64_t addr, void *p, size_t n);

/*
** Launches kernel `name` with nargs 64-bit argument values (each is
** truncated to its parameter's size) and runs it. Returns 0, or -1 with
** th_error(t) set.
*/
int th_launch(struct th *t, const char *name, const uint32_t grid[3],
              const uint32_t block[3], uint32_t dyn_shared,
              const uint64_t *args, int nargs);

/*
** The common case: 32 threads (one warp) run `body` with registers
** %a, %b, %c loaded from a[tid], b[tid], c[tid] and %d stored to d[tid]
** (d is read too: a lane that exits before the store keeps d's value).
** `ty` is the register type of all four (b32 or b64); elements are 4 or
** 8 bytes accordingly. The body may also use %p0..%p3 (.pred), %t0..%t3
** (.b32), %w0..%w3 (.b64) and %tidx (the thread index). Returns 0 or -1 (th_error set).
*/
int th_warp_op(struct th *t, const char *ty, const char *body,
               const void *a, const void *b, const void *c, void *d);

/* A device shared by the tests of one file: th_setup and th_teardown are
   cmocka setup/teardown functions that create and free it (built-in
   defaults, th_target as set when th_setup runs). */
extern struct th th_shared;
int th_setup(void **state);
int th_teardown(void **state);

/* One lane's sources and the value %d must hold after the body. */
struct th_case {
    uint64_t a, b, c, want;
};

/*
** th_warp_op with registers of type ty ("b32" or "b64") where lane i runs
** case i % n; fails the test, printing every lane whose %d is not the
** case's want.
*/
void th_cases(struct th *t, const char *ty, const char *body,
              const struct th_case *k, size_t n);
#define TH_CASES(t, ty, body, arr) \
    th_cases(t, ty, body, arr, sizeof arr / sizeof arr[0])

/* The 1-based line of text where needle first occurs (the test fails
   when it does not). */
int th_line_of(const char *text, const char *needle);

/* The image of the last kernel in PTX text (parsed and built as a
   launch would; the test fails on an error). th_kernel_free frees it and
   its module. */
struct kimage;
struct kimage *th_kernel(const char *ptx);
void th_kernel_free(struct kimage *k);

/* The .target th_warp_op writes (default "sm_75"). */
extern const char *th_target;

/* Bit-pattern helpers. */
uint32_t th_f2u(float f);
float th_u2f(uint32_t u);
uint64_t th_d2u(double d);
double th_u2d(uint64_t u);

/*
** Fails the test unless a call that returned rc failed with a diagnostic
** e naming ".ptx:LINE:COL: error: " and containing what; `doing` says
** what was expected to fail, for the message ("bad PTX was accepted").
*/
void th_expect_error(int rc, const char *e, int line, int col,
                     const char *what, const char *doing);
/* Loads ptx on a device of its own and expects th_expect_error's error. */
void th_expect_load_error(const char *ptx, int line, int col, const char *what);

#endif
