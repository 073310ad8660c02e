/* types.c - PTX type, space, opcode and special-register names. */
#include "ptx/ir.h"
#include "ptx/ops.h"
#include <string.h>

static const struct {
    const char *name;
} types[PT__COUNT] = {
    [PT_NONE] = { "" },     [PT_PRED] = { "pred" },
    [PT_B8] = { "b8" },     [PT_B16] = { "b16" },
    [PT_B32] = { "b32" },   [PT_B64] = { "b64" },
    [PT_U8] = { "u8" },     [PT_U16] = { "u16" },
    [PT_U32] = { "u32" },   [PT_U64] = { "u64" },
    [PT_S8] = { "s8" },     [PT_S16] = { "s16" },
    [PT_S32] = { "s32" },   [PT_S64] = { "s64" },
    [PT_F16] = { "f16" },   [PT_F16X2] = { "f16x2" },
    [PT_BF16] = { "bf16" }, [PT_F32] = { "f32" },
    [PT_F64] = { "f64" },   [PT_BF16X2] = { "bf16x2" },
    [PT_U16X2] = { "u16x2" }, [PT_S16X2] = { "s16x2" },
};

const char *ptx_type_name(enum ptx_type t)
{
    return t < PT__COUNT ? types[t].name : "?";
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
