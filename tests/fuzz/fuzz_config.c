/*
** fuzz_config.c - libFuzzer harness for the configuration loader.
** The input is text in two parts separated by a line "%%":
**
**   sm.count=2              one --set assignment per line, in order
**   l1d.size = 16K
**   %%
**   return { base = "fermi", l1d = { ways = 8 } }   a preset file (Lua)
**
** The first part goes through config_assigns_parse as `--set` arguments.
** When there is a second part, it is a preset file, selected first as by
** `--set preset=FILE` (a later preset= line wins, as on the command line),
** and run in the sandbox the way every preset is. The configuration is then
** resolved (defaults, preset and its bases, --set) as `warpscope run`
** does. The second part is also used as a ws.config{...} table: evaluated,
** flattened into dotted keys and layered under the --set assignments.
** Every resolved configuration is formatted and hashed.
*/
#include "fuzz-util.h"
#include "lua/preset-load.h"
#include "config/preset.h"
#include "lua/sandbox.h"
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct fuzz_file file;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    wslua_use_for_presets();
    (void)argc;
    (void)argv;
    fuzz_datadir();
    fuzz_file_open(&file, "preset.lua");
    return 0;
}

/* Reads every key back, as `warpscope run` and the JSON writer do. */
static void use_config(const struct ws_config *c, struct strbuf *b)
{
    struct ws_config copy;
    config_copy(&copy, c);
    for (int i = 0; i < CK__COUNT; i++) {
        config_format(&copy, i, b);
        sb_putc(b, '\n');
    }
    char h[17];
    config_hash(&copy, h);
    sb_puts(b, h);
    config_free(&copy);
}

/* Splits the input at the first "%%" line; returns the second part or NULL. */
static char *split(char *text)
{
    if (strncmp(text, "%%\n", 3) == 0 || strcmp(text, "%%") == 0) {
        text[0] = '\0';
        return text + 2 + (text[2] == '\n');
    }
    char *p = strstr(text, "\n%%\n");
    if (p) {
        *p = '\0';
        return p + 4;
    }
    size_t n = strlen(text);
    if (n >= 3 && strcmp(text + n - 3, "\n%%") == 0) {
        text[n - 3] = '\0';
        return text + n;
    }
    return NULL;
}

/* The second part as a ws.config{...} table under the --set assignments. */
static void as_scenario_table(const char *lua, const struct config_assigns *cli,
                              struct strbuf *b)
{
    struct ws_diag d = { 0 };
    lua_State *L = wslua_new(".", 100000, 8 << 20, false);
    if (luaL_loadbufferx(L, lua, strlen(lua), "@config.lua", "t") == LUA_OK &&
        wslua_pcall(L, 0, 1, &d) == WS_OK && lua_istable(L, -1)) {
        struct config_assigns scen = { 0 };
        if (wslua_config_table(L, -1, "", &scen, "config.lua", 1, &d) == WS_OK) {
            struct ws_config c;
            if (config_resolve(&c, &scen, cli, &d) == WS_OK)
                use_config(&c, b);
            config_free(&c);
        }
        config_assigns_free(&scen);
    }
    diag_render(&d, b);
    diag_reset(&d);
    wslua_close(L);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* Command-line arguments and Lua source text cannot hold NUL bytes. */
    if (memchr(data, 0, size))
        return -1;
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    char *lua = split(text);
    struct config_assigns cli = { 0 }, sets = { 0 };
    struct ws_diag d = { 0 };
    struct strbuf b;
    sb_init(&b);
    if (lua) {
        fuzz_file_set(&file, (const uint8_t *)lua, strlen(lua));
        char arg[96];
        snprintf(arg, sizeof arg, "preset=%s", file.path);
        config_assigns_parse(&cli, arg, &d);
    }
    int rc = WS_OK;
    for (char *line = text, *next; line && rc == WS_OK; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        if (!*line)
            continue;
        rc = config_assigns_parse(&cli, line, &d);
        if (rc == WS_OK)
            rc = config_assigns_parse(&sets, line, &d);
    }
    if (rc == WS_OK) {
        struct ws_config c;
        if (config_resolve(&c, NULL, &cli, &d) == WS_OK)
            use_config(&c, &b);
        config_free(&c);
    }
    diag_render(&d, &b);
    diag_reset(&d);
    if (rc == WS_OK && lua)
        as_scenario_table(lua, &sets, &b);
    sb_free(&b);
    config_assigns_free(&cli);
    config_assigns_free(&sets);
    free(text);
    return 0;
}
