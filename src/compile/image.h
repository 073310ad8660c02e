/*
** image.h - the compiled kernel image the simulator executes.
** A kernel image is a flat instruction array (calls inlined) whose operands
** are resolved to register slots, immediates already converted to the
** operand's type, and addresses with their symbol folded in. It also holds
** the kernel's memory layout: parameter buffer, static shared memory, and
** the per-thread local frame. Building an image checks every operand's type
** and reports errors at the instruction's file:line:col.
**
** Registers: each 32-bit-or-narrower register takes one 32-bit slot, a
** 64-bit register an aligned pair of slots; predicates live in a separate
** file. The slot numbering is the register assignment: identity-like before
** register allocation, physical after it.
*/
#ifndef WS_IMAGE_H
#define WS_IMAGE_H
#include <stdbool.h>
#include <stdint.h>
#include "compile/cfg.h"
#include "compile/deadbits.h"
#include "ptx/ir.h"
#include "util/diag.h"

enum kop_kind { KO_NONE, KO_REG, KO_PRED, KO_IMM, KO_SREG, KO_ADDR, KO_VEC,
                KO_SINK };

/* Memory spaces after resolution. */
enum kspace { KS_GENERIC, KS_GLOBAL, KS_SHARED, KS_LOCAL, KS_PARAM,
              KS_CONST };

struct kop {
    uint8_t kind;
    uint8_t nslot;      /* KO_REG / KO_VEC elements / KO_ADDR base: 1 or 2 */
    uint8_t bytes;      /* KO_REG / KO_VEC: declared register size (1..8) */
    uint8_t neg;        /* KO_PRED: '!'; KO_REG: 2 = negated (vmad's -a) */
    uint8_t sreg, comp; /* KO_SREG */
    uint8_t nvec;
    int32_t slot;       /* KO_REG/KO_PRED slot; KO_ADDR base slot or -1 */
    int32_t vec[4];     /* KO_VEC slots; -1 = sink, -2 = immediate (in imm) */
    uint64_t imm;       /* KO_IMM bits; KO_ADDR offset incl. symbol;
                           KO_VEC: immediate elements, packed in place */
    struct ptx_sel sel; /* KO_REG: video operand selector */
    int32_t vreg;       /* register of the flat function, -1 */
};

struct kinst {
    uint16_t op;
    struct ptx_mods m;
    uint8_t nd, ns;
    uint8_t space;      /* ld/st/atom/red: enum kspace */
    bool callparam;     /* ld/st of a call-sequence .param (a register move) */
    uint8_t guard_neg;
    int32_t guard;      /* predicate slot, or -1 */
    struct kop d[2];
    struct kop s[5];
    int32_t target;     /* bra: target instruction */
    int32_t rpc;        /* bra: reconvergence instruction (ninst = exit) */
};

struct kparam {
    const char *name;
    uint8_t type;
    uint32_t offset, size, align;
};

struct kimage {
    const struct ptx_module *mod;
    const char *name;
    struct ptx_func flat;     /* the linked kernel (IR, for display) */
    struct cfg cfg;
    struct kinst *insts;      /* flat.insts.n entries, same indices */
    int32_t ninst;
    uint32_t nslots;          /* 32-bit register slots per thread */
    uint32_t npreds;          /* predicate registers per thread */
    int32_t *vreg_slot;       /* flat register -> slot (or predicate) */
    uint32_t regs_per_thread; /* registers counted for occupancy */
    uint32_t ptxas_regs;      /* ptxas's count (NAME.ptxas), 0: unknown */
    struct deadbits dead;     /* registers dying at each instruction */
    uint64_t *live_in;        /* per block: live-in virtual registers */
    uint64_t *live_out;       /* per block: live-out virtual registers */
    size_t live_words;
    struct kparam *params;
    uint32_t nparams, param_bytes;
    uint32_t shared_static;   /* bytes of static shared memory */
    uint32_t dyn_shared_align;/* alignment of the dynamic area (0: none) */
    uint32_t local_bytes;     /* per-thread local frame */
};

/*
** Builds the image of entry function `entry` of m. gvar_addr[i] is the
** device address of module variable i when it is .global (others ignored).
** Returns WS_OK and *out, or WS_ERR with diag filled.
*/
int kimage_build(const struct ptx_module *m, int entry,
                 const uint64_t *gvar_addr, struct kimage **out,
                 struct ws_diag *diag);
void kimage_free(struct kimage *k);

/* Finds a kernel parameter's index by position/name helpers. */
const char *kspace_name(enum kspace s);

#endif
