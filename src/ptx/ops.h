/*
** ops.h - the tables that say which PTX instructions and modifiers exist.
** The parser is driven by these: an opcode lists the modifier categories it
** accepts and the shape of its operands, so an unknown instruction or a
** modifier in the wrong place is reported with what would have been valid.
*/
#ifndef WS_PTX_OPS_H
#define WS_PTX_OPS_H
#include <stddef.h>
#include <stdint.h>
#include "ptx/ir.h"
#include "util/strbuf.h"

enum ptx_modcat {
    MC_TYPE = 1u << 0, MC_SPACE = 1u << 1, MC_VEC = 1u << 2,
    MC_CMP = 1u << 3, MC_BOOL = 1u << 4, MC_RND = 1u << 5,
    MC_FTZ = 1u << 6, MC_SAT = 1u << 7, MC_APPROX = 1u << 8,
    MC_FULL = 1u << 9, MC_MUL = 1u << 10, MC_SHFL = 1u << 11,
    MC_VOTE = 1u << 12, MC_ATOM = 1u << 13, MC_BAR = 1u << 14,
    MC_BARRED = 1u << 15, MC_SYNC = 1u << 16, MC_ALIGNED = 1u << 17,
    MC_UNI = 1u << 18, MC_VOL = 1u << 19, MC_CACHE = 1u << 20,
    MC_NC = 1u << 21, MC_CC = 1u << 22, MC_TO = 1u << 23,
    MC_SEM = 1u << 24, MC_SCOPE = 1u << 25, MC_LEVEL = 1u << 26,
    MC_SHF = 1u << 27, MC_WRAP = 1u << 28, MC_PRMT = 1u << 29,
    MC_MISC = 1u << 30,   /* shiftamt, NaN, testp classes, warp */
};
/* relu, satfinite (half-precision results), shr7, shr15, po (vmad): one
   more category than an enum constant can hold. */
#define MC_EXT 0x80000000u

/* Values of MC_EXT modifiers. */
enum { EXT_RELU = 1, EXT_SATFINITE, EXT_SHR7, EXT_SHR15, EXT_PO };

struct ptx_modspec {
    const char *name;     /* without the dot */
    uint32_t cat;
    uint8_t val;
};

/*
** Operand shape letters (one string per operand):
**   r register  p predicate register  n '!' allowed  i integer immediate
**   f float immediate  s special register  y symbol  v vector  a address
**   l label  _ sink  ? optional (only trailing operands)
**   x video selector allowed (%r1.b0, %r1.h10)  m '-' allowed (vmad)
*/
struct ptx_opspec {
    const char *name;
    uint16_t op;
    uint32_t cats;        /* accepted modifier categories */
    uint8_t ntypes;       /* type modifiers expected: 0 to 3 */
    uint8_t nd;           /* destination operands */
    uint8_t dual;         /* the destination may be written d|p */
    const char *shape[6];
};

const struct ptx_opspec *ptx_opspec_find(const char *name, size_t len);
/* Finds a modifier accepted by one of cats; NULL if none. */
const struct ptx_modspec *ptx_mod_find(const char *name, size_t len,
                                       uint32_t cats);
/* Appends the names of all supported opcodes, comma separated. */
void ptx_opnames(struct strbuf *out);

#endif
