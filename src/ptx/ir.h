/*
** ir.h - the PTX intermediate representation.
** The parser turns PTX text into a ptx_module: functions with their
** registers, variables and instructions, every instruction carrying the
** source position it came from. Nothing here executes or allocates
** registers; compile/ flattens calls and assigns registers, func/ executes.
*/
#ifndef WS_PTX_IR_H
#define WS_PTX_IR_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "util/vec.h"

enum ptx_type {
    PT_NONE,
    PT_PRED,
    PT_B8, PT_B16, PT_B32, PT_B64,
    PT_U8, PT_U16, PT_U32, PT_U64,
    PT_S8, PT_S16, PT_S32, PT_S64,
    PT_F16, PT_F16X2, PT_BF16, PT_F32, PT_F64,
    PT_BF16X2, PT_U16X2, PT_S16X2,
    PT__COUNT
};

enum ptx_space {
    SP_NONE,       /* no state space written: generic addressing */
    SP_GLOBAL, SP_SHARED, SP_LOCAL, SP_PARAM, SP_CONST,
    SP__COUNT
};

enum ptx_op {
    OP_NONE,
    /* data movement */
    OP_MOV, OP_LD, OP_ST, OP_CVTA, OP_CVT, OP_PRMT,
    /* integer and float arithmetic */
    OP_ADD, OP_SUB, OP_ADDC, OP_SUBC, OP_MUL, OP_MAD, OP_MADC, OP_MUL24,
    OP_MAD24, OP_SAD, OP_DIV, OP_REM, OP_ABS, OP_NEG, OP_MIN, OP_MAX,
    OP_FMA, OP_RCP, OP_SQRT, OP_RSQRT, OP_EX2, OP_LG2, OP_SIN, OP_COS,
    OP_TANH, OP_COPYSIGN, OP_TESTP,
    /* bits and logic */
    OP_AND, OP_OR, OP_XOR, OP_NOT, OP_CNOT, OP_SHL, OP_SHR, OP_SHF,
    OP_BFE, OP_BFI, OP_POPC, OP_CLZ, OP_BREV, OP_BFIND, OP_LOP3,
    /* comparison and selection */
    OP_SETP, OP_SET, OP_SELP, OP_SLCT,
    /* control */
    OP_BRA, OP_CALL, OP_RET, OP_EXIT,
    /* synchronisation and warp-level */
    OP_BAR, OP_MEMBAR, OP_FENCE, OP_ATOM, OP_RED, OP_VOTE, OP_SHFL,
    OP_ACTIVEMASK,
    /* integer dot products and video (SIMD within a register) */
    OP_DP4A, OP_DP2A,
    OP_VADD, OP_VSUB, OP_VABSDIFF, OP_VMIN, OP_VMAX, OP_VSHL, OP_VSHR,
    OP_VMAD, OP_VSET,
    OP_VADD2, OP_VSUB2, OP_VAVRG2, OP_VABSDIFF2, OP_VMIN2, OP_VMAX2,
    OP_VSET2,
    OP_VADD4, OP_VSUB4, OP_VAVRG4, OP_VABSDIFF4, OP_VMIN4, OP_VMAX4,
    OP_VSET4,
    OP__COUNT
};

enum ptx_cmp {
    CMP_NONE, CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE,
    CMP_LO, CMP_LS, CMP_HI, CMP_HS,
    CMP_EQU, CMP_NEU, CMP_LTU, CMP_LEU, CMP_GTU, CMP_GEU, CMP_NUM, CMP_NAN
};

enum ptx_bool { BOP_NONE, BOP_AND, BOP_OR, BOP_XOR };

enum ptx_rnd {
    RND_NONE, RND_RN, RND_RZ, RND_RM, RND_RP,   /* float result rounding */
    RND_RNI, RND_RZI, RND_RMI, RND_RPI,         /* round to integer */
    RND_RNA                                     /* nearest, ties away */
};

/* mode: one field whose meaning depends on the opcode. */
enum {
    MODE_NONE = 0,
    /* mul/mad/mul24/mad24 */
    MUL_LO = 1, MUL_HI, MUL_WIDE,
    /* shfl */
    SHFL_UP = 1, SHFL_DOWN, SHFL_BFLY, SHFL_IDX,
    /* vote */
    VOTE_ALL = 1, VOTE_ANY, VOTE_UNI, VOTE_BALLOT,
    /* atom / red */
    ATOM_ADD = 1, ATOM_MIN, ATOM_MAX, ATOM_INC, ATOM_DEC, ATOM_AND, ATOM_OR,
    ATOM_XOR, ATOM_EXCH, ATOM_CAS,
    /* bar / barrier */
    BAR_SYNC = 1, BAR_ARRIVE, BAR_RED,
    /* bar.red operation (in mods.mode2) */
    BARRED_POPC = 1, BARRED_AND, BARRED_OR,
    /* cvta: to generic (default) or to a space */
    CVTA_TO_GENERIC = 0, CVTA_TO_SPACE = 1,
    /* shf */
    SHF_L = 1, SHF_R,
    /* prmt */
    PRMT_DEFAULT = 0, PRMT_F4E, PRMT_B4E, PRMT_RC8, PRMT_ECL, PRMT_ECR,
    PRMT_RC16,
    /* testp */
    TESTP_FINITE = 1, TESTP_INFINITE, TESTP_NUMBER, TESTP_NOTANUMBER,
    TESTP_NORMAL, TESTP_SUBNORMAL,
    /* video secondary operation (vadd ... .add/.min/.max; SIMD .add) */
    VOP2_ADD = 1, VOP2_MIN, VOP2_MAX,
};

enum ptx_cacheop {
    CACHE_NONE, CACHE_CA, CACHE_CG, CACHE_CS, CACHE_LU, CACHE_CV, CACHE_WB,
    CACHE_WT
};

/* Special registers. */
enum ptx_sreg {
    SR_TID, SR_NTID, SR_CTAID, SR_NCTAID, SR_LANEID, SR_WARPID, SR_NWARPID,
    SR_SMID, SR_NSMID, SR_GRIDID, SR_CLOCK, SR_CLOCK64,
    SR_LANEMASK_EQ, SR_LANEMASK_LT, SR_LANEMASK_LE, SR_LANEMASK_GT,
    SR_LANEMASK_GE,
    SR__COUNT
};

struct ptx_mods {
    uint8_t type, type2;   /* instruction type; cvt/slct/set: type2 = source */
    uint8_t type3;         /* video: the type of b (vadd.d.a.b) */
    uint8_t space;         /* ld/st/atom/red/cvta state space */
    uint8_t vec;           /* ld/st/mov vector width: 1, 2 or 4 */
    uint8_t cmp, bop;      /* setp/set comparison and predicate combining */
    uint8_t rnd;
    uint8_t mode, mode2;   /* opcode-specific, see the MODE enum */
    uint8_t cache;
    uint8_t scale;         /* vmad .shr7 / .shr15: 7 or 15, else 0 */
    bool ftz, sat, approx, full, cc, uni, vol, nc, sync, aligned, wrap,
        shiftamt, nan, relu, satfinite, po;
};

enum ptx_opk {
    OPK_NONE,
    OPK_REG,     /* register (reg = index in the function's register table) */
    OPK_IMM,     /* integer immediate (imm) */
    OPK_FIMM,    /* float immediate (f; fsize 4 = 0f literal, 8 = 0d/decimal) */
    OPK_SREG,    /* special register (sreg, comp) */
    OPK_ADDR,    /* [reg + imm], [sym + imm] or [imm] */
    OPK_SYM,     /* a variable or parameter name used as a value */
    OPK_VEC,     /* {a, b, c, d} of registers (vec[], -1 = sink) */
    OPK_SINK,    /* _ */
    OPK_LABEL,   /* branch target (sym = label index after resolution) */
    OPK_FUNC,    /* call target (sym = function index after resolution) */
};

/* Where a symbol lives: a variable of the function or of the module. */
enum ptx_symscope { SYM_FUNC, SYM_MODULE };

/*
** A video instruction's operand selector, written after a register:
** %r1.b2 (one byte), %r1.h1 (one half), %r1.b3210 / %r1.h10 (SIMD lane
** choices and destination masks). kind is 'b' or 'h' (0: none), n the
** digits and dig[i] the i-th digit as written.
*/
struct ptx_sel {
    uint8_t kind, n;
    uint8_t dig[4];
};

struct ptx_opnd {
    uint8_t kind;
    uint8_t neg;          /* !%p; video: -a (vmad) */
    uint8_t sreg, comp;   /* OPK_SREG: register and component (0..2; 3 none) */
    uint8_t fsize;
    uint8_t nvec;
    uint8_t symscope;     /* OPK_ADDR/OPK_SYM with sym >= 0 */
    int32_t reg;          /* OPK_REG; OPK_ADDR base register or -1 */
    int32_t sym;          /* variable, label or function index, -1 if none */
    int64_t imm;          /* OPK_IMM value; OPK_ADDR offset */
    double f;             /* OPK_FIMM */
    int32_t vec[4];       /* OPK_VEC: register, -1 = sink, -2 = vimm[i] */
    int64_t vimm[4];      /* OPK_VEC: immediate elements ({0, %rs1}) */
    struct ptx_sel sel;   /* OPK_REG: video operand selector */
    const char *name;     /* symbol/label/function name as written */
    int line, col, width; /* source span of the operand */
};

struct ptx_inst {
    uint16_t op;
    struct ptx_mods m;
    int32_t guard;        /* predicate register or -1 */
    uint8_t guard_neg;
    uint8_t nd;           /* the first nd operands are destinations */
    uint8_t nret;         /* call: number of return operands (first ones) */
    uint16_t n;           /* operand count */
    struct ptx_opnd *o;
    int line, col;        /* position of the opcode (or the guard) */
    int width;            /* length of the opcode text */
    int loc_file, loc_line, loc_col;   /* CUDA source from .loc, 0 if none */
    int32_t inlined_from; /* compile/: function the instruction came from, -1 */
};

struct ptx_reg {
    const char *name;
    uint8_t type;         /* declared type */
};

/* A variable: module-level data, a function's local/shared data, or a
   parameter (kernel, function, return, or call-sequence). */
enum ptx_varkind { VAR_DATA, VAR_PARAM, VAR_RET };

struct ptx_var {
    const char *name;
    uint8_t space, type, kind;
    bool external;        /* .extern (dynamic shared memory) */
    bool unsized;         /* name[] */
    uint32_t align;       /* bytes */
    uint64_t size;        /* total bytes */
    uint8_t *init;        /* initial bytes (size bytes) or NULL */
    int line, col;
};

struct ptx_label {
    const char *name;
    int32_t inst;         /* index of the instruction it marks */
    int line, col;
};

struct ptx_func {
    const char *name;
    bool is_entry, has_body, visible;
    VEC(int32_t) params;  /* indices into vars, in declaration order */
    VEC(int32_t) rets;
    VEC(struct ptx_reg) regs;
    VEC(struct ptx_var) vars;
    VEC(struct ptx_inst) insts;
    VEC(struct ptx_label) labels;
    uint32_t maxntid[3], reqntid[3];
    int line, col;
};

struct ptx_file_entry {
    int id;
    const char *name;
};

struct ptx_module {
    char *path;           /* as given by the user */
    char *text;           /* whole source, NUL-terminated */
    size_t text_len;
    VEC(size_t) line_start;   /* byte offset of each line (0-based index) */
    int version_major, version_minor;
    char target[32];
    int address_size;
    VEC(struct ptx_func) funcs;
    VEC(struct ptx_var) vars;     /* module-level .global/.const/.shared */
    VEC(struct ptx_file_entry) files;
    struct ptx_strpool *pool;     /* interned names */
};

/* Type helpers (inline: the interpreter asks on every instruction). */
static inline unsigned ptx_type_size(enum ptx_type t)   /* bytes; pred 0 */
{
    switch (t) {
    case PT_B8: case PT_U8: case PT_S8:
        return 1;
    case PT_B16: case PT_U16: case PT_S16: case PT_F16: case PT_BF16:
        return 2;
    case PT_B32: case PT_U32: case PT_S32: case PT_F16X2: case PT_BF16X2:
    case PT_U16X2: case PT_S16X2: case PT_F32:
        return 4;
    case PT_B64: case PT_U64: case PT_S64: case PT_F64:
        return 8;
    default:
        return 0;
    }
}
static inline bool ptx_type_is_float(enum ptx_type t)
{
    return t == PT_F16 || t == PT_F16X2 || t == PT_BF16 || t == PT_BF16X2 ||
           t == PT_F32 || t == PT_F64;
}
/* f16, bf16 and their packed pairs (f16x2, bf16x2). */
static inline bool ptx_type_is_half(enum ptx_type t)
{
    return t == PT_F16 || t == PT_F16X2 || t == PT_BF16 || t == PT_BF16X2;
}
/* The packed pairs f16x2 and bf16x2. */
static inline bool ptx_type_is_x2(enum ptx_type t)
{
    return t == PT_F16X2 || t == PT_BF16X2;
}
/* The packed 16-bit integer pairs u16x2 and s16x2 (add sub min max). */
static inline bool ptx_type_is_int16x2(enum ptx_type t)
{
    return t == PT_U16X2 || t == PT_S16X2;
}
static inline bool ptx_type_is_signed(enum ptx_type t)  /* s8..s64 */
{
    return t >= PT_S8 && t <= PT_S64;
}
static inline bool ptx_type_is_bits(enum ptx_type t)    /* b8..b64 */
{
    return t >= PT_B8 && t <= PT_B64;
}
static inline bool ptx_type_is_int(enum ptx_type t)     /* b, u and s */
{
    return t >= PT_B8 && t <= PT_S64;
}
const char *ptx_type_name(enum ptx_type t);
const char *ptx_space_name(enum ptx_space s);
const char *ptx_op_name(enum ptx_op op);
const char *ptx_sreg_name(enum ptx_sreg s);

/* Returns a pointer to the start of 1-based line `line` and its length. */
const char *ptx_module_line(const struct ptx_module *m, int line, size_t *len);

/* The name a `.file id "name"` directive gave, or NULL (loc.c). */
const char *ptx_module_file(const struct ptx_module *m, int id);
/* Writes "name.cu:LINE", the CUDA source line of `in` from its .loc, to
   buf; returns 1, or 0 (buf untouched) when the PTX says nothing. */
int ptx_inst_cuda(const struct ptx_module *m, const struct ptx_inst *in,
                  char *buf, size_t n);

/* Looks up a function by name; -1 if absent. */
int ptx_module_find_func(const struct ptx_module *m, const char *name);

void ptx_module_free(struct ptx_module *m);

#endif
