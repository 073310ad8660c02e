/* ops.c - opcode and modifier tables (see ops.h). */
#include "ptx/ops.h"
#include <string.h>

#define T MC_TYPE
static const struct ptx_modspec mods[] = {
    { "pred", T, PT_PRED },
    { "b8", T, PT_B8 }, { "b16", T, PT_B16 }, { "b32", T, PT_B32 },
    { "b64", T, PT_B64 }, { "u8", T, PT_U8 }, { "u16", T, PT_U16 },
    { "u32", T, PT_U32 }, { "u64", T, PT_U64 }, { "s8", T, PT_S8 },
    { "s16", T, PT_S16 }, { "s32", T, PT_S32 }, { "s64", T, PT_S64 },
    { "f16", T, PT_F16 }, { "f16x2", T, PT_F16X2 }, { "bf16", T, PT_BF16 },
    { "f32", T, PT_F32 }, { "f64", T, PT_F64 }, { "bf16x2", T, PT_BF16X2 },
    { "u16x2", T, PT_U16X2 }, { "s16x2", T, PT_S16X2 },
    { "global", MC_SPACE, SP_GLOBAL }, { "shared", MC_SPACE, SP_SHARED },
    { "local", MC_SPACE, SP_LOCAL }, { "param", MC_SPACE, SP_PARAM },
    { "const", MC_SPACE, SP_CONST },
    { "v2", MC_VEC, 2 }, { "v4", MC_VEC, 4 },
    { "eq", MC_CMP, CMP_EQ }, { "ne", MC_CMP, CMP_NE },
    { "lt", MC_CMP, CMP_LT }, { "le", MC_CMP, CMP_LE },
    { "gt", MC_CMP, CMP_GT }, { "ge", MC_CMP, CMP_GE },
    { "lo", MC_CMP, CMP_LO }, { "ls", MC_CMP, CMP_LS },
    { "hi", MC_CMP, CMP_HI }, { "hs", MC_CMP, CMP_HS },
    { "equ", MC_CMP, CMP_EQU }, { "neu", MC_CMP, CMP_NEU },
    { "ltu", MC_CMP, CMP_LTU }, { "leu", MC_CMP, CMP_LEU },
    { "gtu", MC_CMP, CMP_GTU }, { "geu", MC_CMP, CMP_GEU },
    { "num", MC_CMP, CMP_NUM }, { "nan", MC_CMP, CMP_NAN },
    { "and", MC_BOOL, BOP_AND }, { "or", MC_BOOL, BOP_OR },
    { "xor", MC_BOOL, BOP_XOR },
    { "rn", MC_RND, RND_RN }, { "rz", MC_RND, RND_RZ },
    { "rm", MC_RND, RND_RM }, { "rp", MC_RND, RND_RP },
    { "rni", MC_RND, RND_RNI }, { "rzi", MC_RND, RND_RZI },
    { "rmi", MC_RND, RND_RMI }, { "rpi", MC_RND, RND_RPI },
    { "rna", MC_RND, RND_RNA },
    { "ftz", MC_FTZ, 1 }, { "sat", MC_SAT, 1 }, { "approx", MC_APPROX, 1 },
    { "full", MC_FULL, 1 },
    { "lo", MC_MUL, MUL_LO }, { "hi", MC_MUL, MUL_HI },
    { "wide", MC_MUL, MUL_WIDE },
    { "up", MC_SHFL, SHFL_UP }, { "down", MC_SHFL, SHFL_DOWN },
    { "bfly", MC_SHFL, SHFL_BFLY }, { "idx", MC_SHFL, SHFL_IDX },
    { "all", MC_VOTE, VOTE_ALL }, { "any", MC_VOTE, VOTE_ANY },
    { "uni", MC_VOTE, VOTE_UNI }, { "ballot", MC_VOTE, VOTE_BALLOT },
    { "add", MC_ATOM, ATOM_ADD }, { "min", MC_ATOM, ATOM_MIN },
    { "max", MC_ATOM, ATOM_MAX }, { "inc", MC_ATOM, ATOM_INC },
    { "dec", MC_ATOM, ATOM_DEC }, { "and", MC_ATOM, ATOM_AND },
    { "or", MC_ATOM, ATOM_OR }, { "xor", MC_ATOM, ATOM_XOR },
    { "exch", MC_ATOM, ATOM_EXCH }, { "cas", MC_ATOM, ATOM_CAS },
    { "sync", MC_BAR, BAR_SYNC }, { "arrive", MC_BAR, BAR_ARRIVE },
    { "red", MC_BAR, BAR_RED },
    { "popc", MC_BARRED, BARRED_POPC }, { "and", MC_BARRED, BARRED_AND },
    { "or", MC_BARRED, BARRED_OR },
    { "sync", MC_SYNC, 1 }, { "aligned", MC_ALIGNED, 1 },
    { "uni", MC_UNI, 1 }, { "volatile", MC_VOL, 1 },
    { "ca", MC_CACHE, CACHE_CA }, { "cg", MC_CACHE, CACHE_CG },
    { "cs", MC_CACHE, CACHE_CS }, { "lu", MC_CACHE, CACHE_LU },
    { "cv", MC_CACHE, CACHE_CV }, { "wb", MC_CACHE, CACHE_WB },
    { "wt", MC_CACHE, CACHE_WT },
    { "nc", MC_NC, 1 }, { "cc", MC_CC, 1 }, { "to", MC_TO, 1 },
    { "relaxed", MC_SEM, 1 }, { "acquire", MC_SEM, 2 },
    { "release", MC_SEM, 3 }, { "acq_rel", MC_SEM, 4 }, { "sc", MC_SEM, 5 },
    { "cta", MC_SCOPE, 1 }, { "gpu", MC_SCOPE, 2 }, { "sys", MC_SCOPE, 3 },
    { "cta", MC_LEVEL, 1 }, { "gl", MC_LEVEL, 2 }, { "sys", MC_LEVEL, 3 },
    { "l", MC_SHF, SHF_L }, { "r", MC_SHF, SHF_R },
    { "wrap", MC_WRAP, 1 }, { "clamp", MC_WRAP, 2 },
    { "f4e", MC_PRMT, PRMT_F4E }, { "b4e", MC_PRMT, PRMT_B4E },
    { "rc8", MC_PRMT, PRMT_RC8 }, { "ecl", MC_PRMT, PRMT_ECL },
    { "ecr", MC_PRMT, PRMT_ECR }, { "rc16", MC_PRMT, PRMT_RC16 },
    { "shiftamt", MC_MISC, 1 }, { "NaN", MC_MISC, 2 }, { "warp", MC_MISC, 3 },
    { "finite", MC_MISC, 10 + TESTP_FINITE },
    { "infinite", MC_MISC, 10 + TESTP_INFINITE },
    { "number", MC_MISC, 10 + TESTP_NUMBER },
    { "notanumber", MC_MISC, 10 + TESTP_NOTANUMBER },
    { "normal", MC_MISC, 10 + TESTP_NORMAL },
    { "subnormal", MC_MISC, 10 + TESTP_SUBNORMAL },
    { "relu", MC_EXT, EXT_RELU }, { "satfinite", MC_EXT, EXT_SATFINITE },
    { "shr7", MC_EXT, EXT_SHR7 }, { "shr15", MC_EXT, EXT_SHR15 },
    { "po", MC_EXT, EXT_PO },
};
#undef T

#define ARITH (MC_TYPE | MC_RND | MC_FTZ | MC_SAT)
#define BIN { "rp", "rpifs", "rpifs" }
#define UN { "rp", "rpifs" }
#define TRI { "r", "rifs", "rifs", "rifs" }
/* video: d, a, b with an optional c (secondary operation or merge) */
#define VIDEO (MC_TYPE | MC_SAT | MC_ATOM)
#define VSCALAR { "rx", "rix", "rix", "ri?" }
#define VSIMD { "rx", "rix", "rix", "ri" }
static const struct ptx_opspec ops[] = {
    { "mov", OP_MOV, MC_TYPE, 1, 1, 0, { "rpv", "rpifsyv" } },
    { "ld", OP_LD, MC_TYPE | MC_SPACE | MC_VEC | MC_CACHE | MC_NC | MC_VOL |
                       MC_SEM | MC_SCOPE, 1, 1, 0, { "rv", "a" } },
    { "st", OP_ST, MC_TYPE | MC_SPACE | MC_VEC | MC_CACHE | MC_VOL | MC_SEM |
                       MC_SCOPE, 1, 0, 0, { "a", "rvif" } },
    { "cvta", OP_CVTA, MC_TYPE | MC_SPACE | MC_TO, 1, 1, 0, { "r", "ry" } },
    { "cvt", OP_CVT, ARITH | MC_EXT, 2, 1, 0, { "r", "rifs", "rif?" } },
    { "prmt", OP_PRMT, MC_TYPE | MC_PRMT, 1, 1, 0, { "r", "ri", "ri", "ri" } },
    { "add", OP_ADD, ARITH | MC_CC, 1, 1, 0, BIN },
    { "sub", OP_SUB, ARITH | MC_CC, 1, 1, 0, BIN },
    { "addc", OP_ADDC, MC_TYPE | MC_CC, 1, 1, 0, BIN },
    { "subc", OP_SUBC, MC_TYPE | MC_CC, 1, 1, 0, BIN },
    { "mul", OP_MUL, ARITH | MC_MUL, 1, 1, 0, BIN },
    { "mad", OP_MAD, ARITH | MC_MUL | MC_CC, 1, 1, 0, TRI },
    { "madc", OP_MADC, MC_TYPE | MC_MUL | MC_CC, 1, 1, 0, TRI },
    { "mul24", OP_MUL24, MC_TYPE | MC_MUL, 1, 1, 0, BIN },
    { "mad24", OP_MAD24, MC_TYPE | MC_MUL, 1, 1, 0, TRI },
    { "sad", OP_SAD, MC_TYPE, 1, 1, 0, TRI },
    { "div", OP_DIV, ARITH | MC_APPROX | MC_FULL, 1, 1, 0, BIN },
    { "rem", OP_REM, MC_TYPE, 1, 1, 0, BIN },
    { "abs", OP_ABS, MC_TYPE | MC_FTZ, 1, 1, 0, UN },
    { "neg", OP_NEG, MC_TYPE | MC_FTZ, 1, 1, 0, UN },
    { "min", OP_MIN, MC_TYPE | MC_FTZ | MC_MISC | MC_EXT, 1, 1, 0, BIN },
    { "max", OP_MAX, MC_TYPE | MC_FTZ | MC_MISC | MC_EXT, 1, 1, 0, BIN },
    { "fma", OP_FMA, ARITH | MC_EXT, 1, 1, 0, TRI },
    { "rcp", OP_RCP, ARITH | MC_APPROX, 1, 1, 0, UN },
    { "sqrt", OP_SQRT, ARITH | MC_APPROX, 1, 1, 0, UN },
    { "rsqrt", OP_RSQRT, MC_TYPE | MC_FTZ | MC_APPROX, 1, 1, 0, UN },
    { "ex2", OP_EX2, MC_TYPE | MC_FTZ | MC_APPROX, 1, 1, 0, UN },
    { "lg2", OP_LG2, MC_TYPE | MC_FTZ | MC_APPROX, 1, 1, 0, UN },
    { "sin", OP_SIN, MC_TYPE | MC_FTZ | MC_APPROX, 1, 1, 0, UN },
    { "cos", OP_COS, MC_TYPE | MC_FTZ | MC_APPROX, 1, 1, 0, UN },
    { "tanh", OP_TANH, MC_TYPE | MC_APPROX, 1, 1, 0, UN },
    { "copysign", OP_COPYSIGN, MC_TYPE, 1, 1, 0, BIN },
    { "testp", OP_TESTP, MC_TYPE | MC_MISC, 1, 1, 0, { "p", "rf" } },
    { "and", OP_AND, MC_TYPE, 1, 1, 0, BIN },
    { "or", OP_OR, MC_TYPE, 1, 1, 0, BIN },
    { "xor", OP_XOR, MC_TYPE, 1, 1, 0, BIN },
    { "not", OP_NOT, MC_TYPE, 1, 1, 0, UN },
    { "cnot", OP_CNOT, MC_TYPE, 1, 1, 0, UN },
    { "shl", OP_SHL, MC_TYPE, 1, 1, 0, BIN },
    { "shr", OP_SHR, MC_TYPE, 1, 1, 0, BIN },
    { "shf", OP_SHF, MC_TYPE | MC_SHF | MC_WRAP, 1, 1, 0,
      { "r", "ri", "ri", "ri" } },
    { "bfe", OP_BFE, MC_TYPE, 1, 1, 0, TRI },
    { "bfi", OP_BFI, MC_TYPE, 1, 1, 0, { "r", "ri", "ri", "ri", "ri" } },
    { "popc", OP_POPC, MC_TYPE, 1, 1, 0, UN },
    { "clz", OP_CLZ, MC_TYPE, 1, 1, 0, UN },
    { "brev", OP_BREV, MC_TYPE, 1, 1, 0, UN },
    { "bfind", OP_BFIND, MC_TYPE | MC_MISC, 1, 1, 0, UN },
    { "lop3", OP_LOP3, MC_TYPE, 1, 1, 0, { "r", "ri", "ri", "ri", "i" } },
    { "setp", OP_SETP, MC_TYPE | MC_CMP | MC_BOOL | MC_FTZ, 1, 1, 1,
      { "p", "rifs", "rifs", "pn?" } },
    { "set", OP_SET, MC_TYPE | MC_CMP | MC_BOOL | MC_FTZ, 2, 1, 0,
      { "r", "rifs", "rifs", "pn?" } },
    { "selp", OP_SELP, MC_TYPE, 1, 1, 0, { "r", "rifs", "rifs", "pn" } },
    { "slct", OP_SLCT, MC_TYPE | MC_FTZ, 2, 1, 0, TRI },
    { "bra", OP_BRA, MC_UNI, 0, 0, 0, { "l" } },
    { "call", OP_CALL, MC_UNI, 0, 0, 0, { NULL } },
    { "ret", OP_RET, MC_UNI, 0, 0, 0, { NULL } },
    { "exit", OP_EXIT, 0, 0, 0, 0, { NULL } },
    { "bar", OP_BAR, MC_TYPE | MC_BAR | MC_BARRED | MC_ALIGNED | MC_MISC, 0,
      0, 0, { "ri?", "ri?" } },
    { "barrier", OP_BAR, MC_TYPE | MC_BAR | MC_BARRED | MC_ALIGNED, 0, 0, 0,
      { "ri?", "ri?" } },
    { "membar", OP_MEMBAR, MC_LEVEL, 0, 0, 0, { NULL } },
    { "fence", OP_FENCE, MC_SEM | MC_SCOPE, 0, 0, 0, { NULL } },
    { "atom", OP_ATOM, MC_TYPE | MC_SPACE | MC_ATOM | MC_SEM | MC_SCOPE, 1,
      1, 0, { "r", "a", "rif", "rif?" } },
    { "red", OP_RED, MC_TYPE | MC_SPACE | MC_ATOM | MC_SEM | MC_SCOPE, 1, 0,
      0, { "a", "rif" } },
    { "vote", OP_VOTE, MC_TYPE | MC_SYNC | MC_VOTE, 1, 1, 0,
      { "rp", "pn", "ri?" } },
    { "shfl", OP_SHFL, MC_TYPE | MC_SYNC | MC_SHFL, 1, 1, 1,
      { "r", "rif", "ri", "ri", "ri" } },
    { "activemask", OP_ACTIVEMASK, MC_TYPE, 1, 1, 0, { "r" } },
    { "dp4a", OP_DP4A, MC_TYPE, 2, 1, 0, { "r", "ri", "ri", "ri" } },
    { "dp2a", OP_DP2A, MC_TYPE | MC_MUL, 2, 1, 0, { "r", "ri", "ri", "ri" } },
    { "vadd", OP_VADD, VIDEO, 3, 1, 0, VSCALAR },
    { "vsub", OP_VSUB, VIDEO, 3, 1, 0, VSCALAR },
    { "vabsdiff", OP_VABSDIFF, VIDEO, 3, 1, 0, VSCALAR },
    { "vmin", OP_VMIN, VIDEO, 3, 1, 0, VSCALAR },
    { "vmax", OP_VMAX, VIDEO, 3, 1, 0, VSCALAR },
    { "vshl", OP_VSHL, VIDEO | MC_WRAP, 3, 1, 0, VSCALAR },
    { "vshr", OP_VSHR, VIDEO | MC_WRAP, 3, 1, 0, VSCALAR },
    { "vmad", OP_VMAD, MC_TYPE | MC_SAT | MC_EXT, 3, 1, 0,
      { "r", "rixm", "rixm", "rim" } },
    { "vset", OP_VSET, MC_TYPE | MC_CMP | MC_ATOM, 2, 1, 0, VSCALAR },
    { "vadd2", OP_VADD2, VIDEO, 3, 1, 0, VSIMD },
    { "vsub2", OP_VSUB2, VIDEO, 3, 1, 0, VSIMD },
    { "vavrg2", OP_VAVRG2, VIDEO, 3, 1, 0, VSIMD },
    { "vabsdiff2", OP_VABSDIFF2, VIDEO, 3, 1, 0, VSIMD },
    { "vmin2", OP_VMIN2, VIDEO, 3, 1, 0, VSIMD },
    { "vmax2", OP_VMAX2, VIDEO, 3, 1, 0, VSIMD },
    { "vset2", OP_VSET2, MC_TYPE | MC_CMP | MC_ATOM, 2, 1, 0, VSIMD },
    { "vadd4", OP_VADD4, VIDEO, 3, 1, 0, VSIMD },
    { "vsub4", OP_VSUB4, VIDEO, 3, 1, 0, VSIMD },
    { "vavrg4", OP_VAVRG4, VIDEO, 3, 1, 0, VSIMD },
    { "vabsdiff4", OP_VABSDIFF4, VIDEO, 3, 1, 0, VSIMD },
    { "vmin4", OP_VMIN4, VIDEO, 3, 1, 0, VSIMD },
    { "vmax4", OP_VMAX4, VIDEO, 3, 1, 0, VSIMD },
    { "vset4", OP_VSET4, MC_TYPE | MC_CMP | MC_ATOM, 2, 1, 0, VSIMD },
};
#undef ARITH
#undef BIN
#undef UN
#undef TRI
#undef VIDEO
#undef VSCALAR
#undef VSIMD

const struct ptx_opspec *ptx_opspec_find(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strlen(ops[i].name) == len && memcmp(ops[i].name, name, len) == 0)
            return &ops[i];
    return NULL;
}

const struct ptx_modspec *ptx_mod_find(const char *name, size_t len,
                                       uint32_t cats)
{
    for (size_t i = 0; i < sizeof mods / sizeof mods[0]; i++)
        if ((mods[i].cat & cats) && strlen(mods[i].name) == len &&
            memcmp(mods[i].name, name, len) == 0)
            return &mods[i];
    return NULL;
}

const char *ptx_op_name(enum ptx_op op)
{
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (ops[i].op == op)
            return ops[i].name;
    return "?";
}

void ptx_opnames(struct strbuf *out)
{
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        if (i)
            sb_puts(out, ", ");
        sb_puts(out, ops[i].name);
    }
}
