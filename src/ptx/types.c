/* types.c - PTX type, space, opcode and special-register names. */
#include "ptx/ir.h"
#include "ptx/ops.h"
#include <string.h>

static const struct {
    const char *name;
    unsigned size;
} types[PT__COUNT] = {
    [PT_NONE] = { "", 0 },     [PT_PRED] = { "pred", 0 },
    [PT_B8] = { "b8", 1 },     [PT_B16] = { "b16", 2 },
    [PT_B32] = { "b32", 4 },   [PT_B64] = { "b64", 8 },
    [PT_U8] = { "u8", 1 },     [PT_U16] = { "u16", 2 },
    [PT_U32] = { "u32", 4 },   [PT_U64] = { "u64", 8 },
    [PT_S8] = { "s8", 1 },     [PT_S16] = { "s16", 2 },
    [PT_S32] = { "s32", 4 },   [PT_S64] = { "s64", 8 },
    [PT_F16] = { "f16", 2 },   [PT_F16X2] = { "f16x2", 4 },
    [PT_BF16] = { "bf16", 2 }, [PT_F32] = { "f32", 4 },
    [PT_F64] = { "f64", 8 },
};

unsigned ptx_type_size(enum ptx_type t)
{
    return t < PT__COUNT ? types[t].size : 0;
}

const char *ptx_type_name(enum ptx_type t)
{
    return t < PT__COUNT ? types[t].name : "?";
}

bool ptx_type_is_float(enum ptx_type t)
{
    return t == PT_F16 || t == PT_F16X2 || t == PT_BF16 || t == PT_F32 ||
           t == PT_F64;
}

bool ptx_type_is_signed(enum ptx_type t)
{
    return t >= PT_S8 && t <= PT_S64;
}

bool ptx_type_is_bits(enum ptx_type t)
{
    return t >= PT_B8 && t <= PT_B64;
}

bool ptx_type_is_int(enum ptx_type t)
{
    return t >= PT_B8 && t <= PT_S64;
}

const char *ptx_space_name(enum ptx_space s)
{
    static const char *n[SP__COUNT] = { "generic", "global", "shared",
                                        "local", "param", "const" };
    return s < SP__COUNT ? n[s] : "?";
}

const char *ptx_sreg_name(enum ptx_sreg s)
{
    static const char *n[SR__COUNT] = {
        "%tid", "%ntid", "%ctaid", "%nctaid", "%laneid", "%warpid",
        "%nwarpid", "%smid", "%nsmid", "%gridid", "%clock", "%clock64",
        "%lanemask_eq", "%lanemask_lt", "%lanemask_le", "%lanemask_gt",
        "%lanemask_ge",
    };
    return s < SR__COUNT ? n[s] : "?";
}
