/*
** buffer.h - device buffers as Lua userdata (see buffer.c).
*/
#ifndef WS_LUA_BUFFER_H
#define WS_LUA_BUFFER_H
#include <stdbool.h>
#include <stdint.h>
#include <lua.h>
#include "sim/device.h"

struct wsbuf {
    struct ws_device *dev;
    uint64_t addr, n;
    uint8_t type, esize;
};

void wsbuf_open(lua_State *L);
/* Element type by name ("u8".."s64", "f32", "f64"), or -1. */
int wsbuf_type(const char *name);
struct wsbuf *wsbuf_new(lua_State *L, struct ws_device *dev, uint64_t addr,
                        uint64_t n, uint8_t type);
struct wsbuf *wsbuf_check(lua_State *L, int idx);
struct wsbuf *wsbuf_test(lua_State *L, int idx);
/*
** Converts a Lua number to the bits of PTX type t, checking its range. With
** `either_sign`, unsigned types also accept the signed spelling (-1 for
** 0xff...), as C does when passing a negative value to an unsigned
** parameter: kernel parameters are declared .u8/.u16 even for signed C
** types.
*/
uint64_t wsbuf_to_bits(lua_State *L, int idx, uint8_t t, const char *what,
                       bool either_sign);
void wsbuf_push_bits(lua_State *L, uint64_t v, uint8_t t);

#endif
