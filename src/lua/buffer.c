/*
** buffer.c - device buffers as Lua userdata (ws.alloc).
** A buffer is a typed view of a device allocation: x.addr, x.n, x.type,
** x:write(table|fn), x:read(), x:get(i), x:set(i, v), x:ptr(i) with
** 0-based i in get/set/ptr (as the kernel sees it) and 1-based Lua tables
** in write/read.
** Values are checked against the element type: an integer that does not
** fit, or a non-integral number for an integer type, is an error.
*/
#include "lua/buffer.h"
#include "lua/sandbox.h"
#include "util/xalloc.h"
#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define BUFFER_MT "ws.buffer"

static const struct {
    const char *name;
    uint8_t type;
} types[] = {
    { "u8", PT_U8 }, { "u16", PT_U16 }, { "u32", PT_U32 }, { "u64", PT_U64 },
    { "s8", PT_S8 }, { "s16", PT_S16 }, { "s32", PT_S32 }, { "s64", PT_S64 },
    { "f32", PT_F32 }, { "f64", PT_F64 },
};

int wsbuf_type(const char *name)
{
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (strcmp(types[i].name, name) == 0)
            return types[i].type;
    return -1;
}

struct wsbuf *wsbuf_check(lua_State *L, int idx)
{
    return luaL_checkudata(L, idx, BUFFER_MT);
}

struct wsbuf *wsbuf_test(lua_State *L, int idx)
{
    return luaL_testudata(L, idx, BUFFER_MT);
}

/* Element n of b:write's function (a table's when `table`), named only
   on the way to an error. */
static const char *elem_name(char *buf, size_t len, bool table,
                             unsigned long long n)
{
    if (table)
        snprintf(buf, len, "table element %llu", n);
    else
        snprintf(buf, len, "value for element %llu", n);
    return buf;
}

/* The name of the value in an error: `what`, or element n's. */
#define WHAT (what ? what : elem_name(name, sizeof name, table, n))

/* wsbuf_to_bits, the value named by what or else as element n. */
static uint64_t to_bits(lua_State *L, int idx, uint8_t t, const char *what,
                        bool table, unsigned long long n, bool either_sign)
{
    char name[64];
    if (t == PT_F32 || t == PT_F64) {
        if (!lua_isnumber(L, idx) || lua_type(L, idx) == LUA_TSTRING)
            wslua_error(L, "%s: expected a number, got %s", WHAT,
                       luaL_typename(L, idx));
        double d = lua_tonumber(L, idx);
        if (t == PT_F32) {
            float f = (float)d;
            uint32_t b;
            memcpy(&b, &f, 4);
            return b;
        }
        uint64_t b;
        memcpy(&b, &d, 8);
        return b;
    }
    if (lua_type(L, idx) != LUA_TNUMBER)
        return (uint64_t)wslua_error(L, "%s: expected an integer, got %s", WHAT,
                                    luaL_typename(L, idx));
    lua_Integer v;
    if (lua_isinteger(L, idx)) {
        v = lua_tointeger(L, idx);
    } else {
        double d = lua_tonumber(L, idx);
        if (d != floor(d) || d < -9.2233720368547758e18 ||
            d >= 9.2233720368547758e18)
            return (uint64_t)wslua_error(L, "%s: %g is not an integer", WHAT, d);
        v = (lua_Integer)d;
    }
    unsigned bits = ptx_type_size((enum ptx_type)t) * 8;
    if (bits < 64) {
        lua_Integer lo, hi;
        if (ptx_type_is_signed((enum ptx_type)t)) {
            hi = ((lua_Integer)1 << (bits - 1)) - 1;
            lo = -hi - 1;
        } else if (ptx_type_is_bits((enum ptx_type)t) || either_sign) {
            /* .bN takes either signed or unsigned spellings */
            hi = ((lua_Integer)1 << bits) - 1;
            lo = -((lua_Integer)1 << (bits - 1));
        } else {
            hi = ((lua_Integer)1 << bits) - 1;
            lo = 0;
        }
        if (v < lo || v > hi)
            return (uint64_t)wslua_error(L, "%s: %lld does not fit in .%s (%lld..%lld)",
                                        WHAT, (long long)v,
                                        ptx_type_name((enum ptx_type)t),
                                        (long long)lo, (long long)hi);
        return (uint64_t)v & (((uint64_t)1 << bits) - 1);
    }
    return (uint64_t)v;
}

#undef WHAT

/*
** Converts the Lua value at idx to the bits of PTX type t. `what` names
** the value in errors ("element 3", "argument 2 (n: .u32)").
*/
uint64_t wsbuf_to_bits(lua_State *L, int idx, uint8_t t, const char *what,
                       bool either_sign)
{
    return to_bits(L, idx, t, what, false, 0, either_sign);
}

void wsbuf_push_bits(lua_State *L, uint64_t v, uint8_t t)
{
    unsigned bits = ptx_type_size((enum ptx_type)t) * 8;
    switch (t) {
    case PT_F32: {
        uint32_t b = (uint32_t)v;
        float f;
        memcpy(&f, &b, 4);
        lua_pushnumber(L, (double)f);
        return;
    }
    case PT_F64: {
        double d;
        memcpy(&d, &v, 8);
        lua_pushnumber(L, d);
        return;
    }
    default:
        if (bits < 64 && ptx_type_is_signed((enum ptx_type)t)) {
            uint64_t s = 1ULL << (bits - 1);
            v &= (1ULL << bits) - 1;
            lua_pushinteger(L, (lua_Integer)((v ^ s) - s));
        } else {
            lua_pushinteger(L, (lua_Integer)v);
        }
    }
}

static uint64_t elem_addr(lua_State *L, struct wsbuf *b, lua_Integer i)
{
    if (i < 0 || (uint64_t)i >= b->n)
        wslua_error(L, "index %lld is outside the buffer (0..%llu)", (long long)i,
                   (unsigned long long)(b->n - 1));
    return b->addr + (uint64_t)i * b->esize;
}

/* Element i from the value at vidx, named in errors by what or, when it
   is NULL, as element n of b:write's function or table (1-based). */
static void store(lua_State *L, struct wsbuf *b, uint64_t i, int vidx,
                  const char *what, bool table, unsigned long long n)
{
    uint64_t bits = to_bits(L, vidx, b->type, what, table, n, false);
    device_host_write(b->dev, b->addr + i * b->esize, &bits, b->esize);
}

static int b_set(lua_State *L)
{
    struct wsbuf *b = wsbuf_check(L, 1);
    lua_Integer i = luaL_checkinteger(L, 2);
    luaL_checkany(L, 3);
    elem_addr(L, b, i);
    store(L, b, (uint64_t)i, 3, "value", false, 0);
    return 0;
}

static int b_get(lua_State *L)
{
    struct wsbuf *b = wsbuf_check(L, 1);
    uint64_t a = elem_addr(L, b, luaL_checkinteger(L, 2));
    uint64_t v = 0;
    dmem_read(&b->dev->mem, a, &v, b->esize);
    wsbuf_push_bits(L, v, b->type);
    return 1;
}

static int b_write(lua_State *L)
{
    struct wsbuf *b = wsbuf_check(L, 1);
    if (lua_isfunction(L, 2)) {
        for (uint64_t i = 0; i < b->n; i++) {
            lua_pushvalue(L, 2);
            lua_pushinteger(L, (lua_Integer)i);
            lua_call(L, 1, 1);
            store(L, b, i, -1, NULL, false, i);
            lua_pop(L, 1);
        }
        return 0;
    }
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Integer len = luaL_len(L, 2);
    if ((uint64_t)len > b->n)
        return wslua_error(L, "table has %lld elements, more than the buffer's %llu",
                          (long long)len, (unsigned long long)b->n);
    for (lua_Integer i = 1; i <= len; i++) {
        lua_geti(L, 2, i);
        store(L, b, (uint64_t)(i - 1), -1, NULL, true, (unsigned long long)i);
        lua_pop(L, 1);
    }
    return 0;
}

/* x:ptr(i): the device address of element i, for a pointer argument into
   the buffer (C's x + i); i may be x.n, one past the end, as in C. */
static int b_ptr(lua_State *L)
{
    struct wsbuf *b = wsbuf_check(L, 1);
    lua_Integer i = luaL_checkinteger(L, 2);
    if (i < 0 || (uint64_t)i > b->n)
        return wslua_error(L, "ptr: index %lld is outside the buffer (0..%llu, %llu being one past the end)",
                          (long long)i, (unsigned long long)b->n,
                          (unsigned long long)b->n);
    lua_pushinteger(L, (lua_Integer)(b->addr + (uint64_t)i * b->esize));
    return 1;
}

static int b_read(lua_State *L)
{
    struct wsbuf *b = wsbuf_check(L, 1);
    lua_createtable(L, b->n > 1u << 26 ? 0 : (int)b->n, 0);
    for (uint64_t i = 0; i < b->n; i++) {
        uint64_t v = 0;
        dmem_read(&b->dev->mem, b->addr + i * b->esize, &v, b->esize);
        wsbuf_push_bits(L, v, b->type);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

/* x.field or x:method: the methods first, from the table that is this
   function's upvalue (a scenario's reference loop calls x:get(i) per
   element: one table look-up, no string compares). */
static int b_index(lua_State *L)
{
    struct wsbuf *b = wsbuf_check(L, 1);
    const char *k = luaL_checkstring(L, 2);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL)
        return 1;
    lua_pop(L, 1);
    if (strcmp(k, "addr") == 0)
        lua_pushinteger(L, (lua_Integer)b->addr);
    else if (strcmp(k, "n") == 0)
        lua_pushinteger(L, (lua_Integer)b->n);
    else if (strcmp(k, "type") == 0)
        lua_pushstring(L, ptx_type_name((enum ptx_type)b->type));
    else if (strcmp(k, "bytes") == 0)
        lua_pushinteger(L, (lua_Integer)(b->n * b->esize));
    else
        return wslua_error(L, "buffers have no field '%s' (fields: addr, n, type, bytes; methods: read, write, get, set, ptr)",
                          k);
    return 1;
}

static int b_len(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)wsbuf_check(L, 1)->n);
    return 1;
}

static int b_tostring(lua_State *L)
{
    struct wsbuf *b = wsbuf_check(L, 1);
    char buf[96];
    snprintf(buf, sizeof buf, "buffer(%s x %llu at 0x%llx)",
             ptx_type_name((enum ptx_type)b->type), (unsigned long long)b->n,
             (unsigned long long)b->addr);
    lua_pushstring(L, buf);
    return 1;
}

void wsbuf_open(lua_State *L)
{
    static const luaL_Reg methods[] = {
        { "write", b_write }, { "read", b_read }, { "get", b_get },
        { "set", b_set },     { "ptr", b_ptr },   { NULL, NULL },
    };
    luaL_newmetatable(L, BUFFER_MT);
    luaL_newlib(L, methods);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "methods");
    lua_pushcclosure(L, b_index, 1);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, b_len);
    lua_setfield(L, -2, "__len");
    lua_pushcfunction(L, b_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pop(L, 1);
}

struct wsbuf *wsbuf_new(lua_State *L, struct ws_device *dev, uint64_t addr,
                        uint64_t n, uint8_t type)
{
    struct wsbuf *b = lua_newuserdatauv(L, sizeof *b, 0);
    b->dev = dev;
    b->addr = addr;
    b->n = n;
    b->type = type;
    b->esize = (uint8_t)ptx_type_size((enum ptx_type)type);
    luaL_setmetatable(L, BUFFER_MT);
    return b;
}
