/*
** session.c - a session: one simulated device and the configuration
** sources it was built from (see session.h).
*/
#include "sim/session.h"
#include "config/preset.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

int ws_session_init(struct ws_session *s, const struct config_assigns *cli,
                    struct ws_diag *diag)
{
    memset(s, 0, sizeof *s);
    for (size_t i = 0; cli && i < cli->n; i++)
        config_assigns_add(&s->cli, cli->v[i].key, cli->v[i].value,
                           cli->v[i].file, cli->v[i].line);
    struct ws_config c;
    if (config_resolve(&c, NULL, &s->cli, diag) != WS_OK) {
        config_free(&c);
        config_assigns_free(&s->cli);
        return WS_ERR;
    }
    device_init(&s->dev, &c);
    config_free(&c);
    return WS_OK;
}

int ws_session_set(struct ws_session *s, const char *kv, struct ws_diag *d)
{
    if (s->dev.started)
        return diag_error(d, NULL, 0, 0,
                          "the configuration is fixed once a kernel has been launched");
    size_t keep = s->cli.n;
    if (config_assigns_parse(&s->cli, kv, d) != WS_OK)
        return WS_ERR;
    struct ws_config c;
    if (config_resolve(&c, &s->scen, &s->cli, d) != WS_OK) {
        config_free(&c);
        while (s->cli.n > keep) {
            struct config_assign *a = &s->cli.v[--s->cli.n];
            free(a->key);
            free(a->value);
            free(a->file);
        }
        return WS_ERR;
    }
    device_reconfigure(&s->dev, &c);
    config_free(&c);
    return WS_OK;
}

void ws_session_replay_free(struct ws_session_replay *r)
{
    if (!r)
        return;
    free(r->scenario);
    free(r->at);
    for (size_t i = 0; i < r->nsets; i++)
        free(r->sets[i]);
    free(r->sets);
    for (size_t i = 0; r->set_at && i < r->nsets; i++)
        free(r->set_at[i]);
    free(r->set_at);
    for (size_t i = 0; r->command_at && i < r->ncommands; i++)
        free(r->command_at[i]);
    free(r->command_at);
    for (size_t i = 0; i < r->ncommands; i++)
        free(r->commands[i]);
    free(r->commands);
    free(r);
}

void ws_session_free(struct ws_session *s)
{
    struct evbus *bus = s->own_bus ? s->dev.bus : NULL;
    device_free(&s->dev);
    free(bus);
    ws_session_replay_free(s->replay);
    free(s->scenario);
    config_assigns_free(&s->cli);
    config_assigns_free(&s->scen);
    free(s->fail_msg);
    free(s->fail_file);
}
