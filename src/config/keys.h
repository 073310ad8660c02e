/*
** keys.h - the one table of configuration keys.
** X(id, name, type, default, min, max, values, doc)
**   type: CT_INT, CT_FLOAT, CT_BOOL, CT_ENUM (values "a|b|c"), CT_STRING
**   default: text, parsed like a --set value (so defaults are validated)
** This table drives parsing, validation, presets, `warpscope --help config`
** and the config hash. Add a key here and nowhere else. Keys exist only
** once the model reads them; values of `design` are the implemented
** designs.
*/
#ifndef WS_CONFIG_KEYS_H
#define WS_CONFIG_KEYS_H

#define WS_CONFIG_KEYS(X)                                                      \
    X(PRESET, "preset", CT_STRING, "teach", 0, 0, NULL,                        \
      "preset loaded before all other keys: a name from examples/configs/ or a path to a .lua file") \
    X(DESIGN, "design", CT_ENUM, "baseline", 0, 0, "baseline",                 \
      "register-file / L1D organisation")                                      \
    X(SM_COUNT, "sm.count", CT_INT, "1", 1, 1024, NULL,                        \
      "streaming multiprocessors")                                             \
    X(SM_MAX_THREADS, "sm.max_threads", CT_INT, "512", 32, 65536, NULL,        \
      "resident threads per SM")                                               \
    X(SM_MAX_WARPS, "sm.max_warps", CT_INT, "16", 1, 2048, NULL,               \
      "resident warps per SM")                                                 \
    X(SM_MAX_CTAS, "sm.max_ctas", CT_INT, "8", 1, 256, NULL,                   \
      "resident CTAs (thread blocks) per SM")                                  \
    X(SM_REGISTERS, "sm.registers", CT_INT, "32768", 256, 16777216, NULL,      \
      "32-bit registers per SM (register file size / 4 bytes)")                \
    X(SM_SHARED_BYTES, "sm.shared_bytes", CT_INT, "49152", 0, 16777216, NULL,  \
      "shared memory per SM in bytes")                                         \
    X(REGS_PER_THREAD, "regs_per_thread", CT_INT, "0", 0, 255, NULL,           \
      "registers per thread used for occupancy; 0 = the compiled kernel's count") \
    X(LTRF_REGS_PER_INTERVAL, "ltrf.regs_per_interval", CT_INT, "16", 8, 256, \
      NULL, "registers a register-interval may use (N of the LTRF interval passes)") \
    X(RACETRACK_BANKS, "racetrack.banks", CT_INT, "16", 1, 64, NULL,           \
      "register-file banks of the racetrack register mapping")                \
    X(RACETRACK_PORTS, "racetrack.ports", CT_INT, "8", 1, 64, NULL,            \
      "access ports per racetrack bank (N_p); registers are grouped by ports") \
    X(MEM_LIMIT, "mem.limit", CT_INT, "256M", 1048576, 68719476736, NULL,      \
      "device memory available to ws.alloc, in bytes")                         \
    X(PTX_MAX_BYTES, "ptx.max_bytes", CT_INT, "64M", 1024, 4294967296, NULL,   \
      "largest PTX file ws.load_ptx accepts, in bytes")                        \
    X(LIMIT_WARP_INSTRUCTIONS, "limit.warp_instructions", CT_INT, "500000000", \
      1, 1000000000000000, NULL,                                               \
      "warp-instructions one ws.run() may execute before it stops with an error") \
    X(LUA_MAX_INSTRUCTIONS, "lua.max_instructions", CT_INT, "4000000000", 1000, \
      1000000000000000, NULL,                                                  \
      "Lua VM instructions a scenario may run before it is stopped")           \
    X(LUA_MAX_MEMORY, "lua.max_memory", CT_INT, "512M", 1048576, 68719476736,  \
      NULL, "bytes of memory the Lua interpreter may use")

#endif
