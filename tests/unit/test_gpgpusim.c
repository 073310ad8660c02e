/* test_gpgpusim.c - GPGPU-Sim configuration files as presets
   (config/gpgpusim.c): the GTX 480 file of examples/configs/gpgpusim/
   gives the `fermi` machine, option by option; malformed files fail at
   their line and column. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "config/gpgpusim.h"
#include "config/preset.h"
#include "lua/preset-load.h"

#define GTX480 "examples/configs/gpgpusim/gtx480.config"
#define SM2_GTX480 "examples/configs/gpgpusim/sm2_gtx480.config"

static int resolve(struct ws_config *c, const char *preset, struct ws_diag *d)
{
    struct config_assigns cli = { 0 };
    char set[512];
    snprintf(set, sizeof set, "preset=%s", preset);
    config_assigns_parse(&cli, set, d);
    int rc = config_resolve(c, NULL, &cli, d);
    config_assigns_free(&cli);
    return rc;
}

/* Resolves fermi into f and the GPGPU-Sim file into g and writes the keys
   in which g's machine differs from fermi's into diff, as "key: fermi F,
   imported I" lines; design keys are copied from fermi (a GPGPU-Sim file
   describes the machine, not cerf.tag_stage_cycles and the like). */
static int differences(const char *file, struct ws_config *f,
                       struct ws_config *g, struct strbuf *diff)
{
    struct ws_diag d = { 0 };
    char preset[256];
    snprintf(preset, sizeof preset, "gpgpusim:%s", file);
    assert_int_equal(resolve(f, "fermi", &d), WS_OK);
    assert_int_equal(resolve(g, preset, &d), WS_OK);
    sb_init(diff);
    struct strbuf a, b;
    sb_init(&a);
    sb_init(&b);
    int ndiff = 0;
    for (int k = 0; k < CK__COUNT; k++) {
        static const char *const designs[] = { "cerf.", "racetrack.",
                                               "tinycache.", "fuse.", "ltrf." };
        bool design_key = false;
        for (size_t i = 0; i < sizeof designs / sizeof *designs; i++)
            design_key |= strncmp(config_key(k)->name, designs[i],
                                  strlen(designs[i])) == 0;
        if (design_key) {             /* taken from fermi, for the hash */
            sb_clear(&a);
            config_format(f, k, &a);
            assert_int_equal(config_set(g, config_key(k)->name, sb_str(&a), &d),
                             WS_OK);
        }
        if (k == CK_PRESET || design_key)
            continue;
        sb_clear(&a);
        sb_clear(&b);
        config_format(f, k, &a);
        config_format(g, k, &b);
        if (strcmp(sb_str(&a), sb_str(&b))) {
            sb_printf(diff, "%s: fermi %s, imported %s\n", config_key(k)->name,
                      sb_str(&a), sb_str(&b));
            ndiff++;
        }
    }
    sb_free(&a);
    sb_free(&b);
    return ndiff;
}

/* Every key of the imported machine equals fermi's but one: GPGPU-Sim's
   write policy letters cannot say "write-evict for global data and
   write-back for local data", which is what fermi keeps (the GTX 480
   file's L is write-through for global data). */
static void test_gtx480_is_fermi(void **state)
{
    (void)state;
    struct ws_config f, g;
    struct ws_diag d = { 0 };
    struct strbuf diff;
    int ndiff = differences(GTX480, &f, &g, &diff);
    assert_string_equal(sb_str(&diff),
                        "l1d.write_global: fermi evict, imported through\n");
    assert_int_equal(ndiff, 1);
    /* with that key alike, the configuration hashes alike */
    assert_int_equal(config_set(&g, "l1d.write_global", "evict", &d), WS_OK);
    char hf[17], hg[17];
    config_hash(&f, hf);
    config_hash(&g, hg);
    assert_string_equal(hf, hg);
    sb_free(&diff);
    config_free(&f);
    config_free(&g);
}

/* The GTX480 file GPGPU-Sim 4.x ships (the reference comparison's
   configuration) is fermi with 4.x's sizes: 16 register banks, 64 L1D
   and 256 L2 MSHRs, a 64-entry FR-FCFS queue, 4 bank groups and 40-byte
   flits. */
static void test_sm2_gtx480(void **state)
{
    (void)state;
    struct ws_config f, g;
    struct strbuf diff;
    differences(SM2_GTX480, &f, &g, &diff);
    assert_string_equal(sb_str(&diff),
                        "rf.banks: fermi 32, imported 16\n"
                        "l1d.write_global: fermi evict, imported through\n"
                        "l1d.mshrs: fermi 32, imported 64\n"
                        "icnt.flit: fermi 32, imported 40\n"
                        "l2.mshrs: fermi 32, imported 256\n"
                        "dram.queue: fermi 16, imported 64\n"
                        "dram.bank_groups: fermi 1, imported 4\n"
                        "dram.tCCDL: fermi 0, imported 3\n"
                        "dram.tRTPL: fermi 0, imported 2\n");
    sb_free(&diff);
    config_free(&f);
    config_free(&g);
}

/* Options that combine: SMs, L2 slices, collectors, the DRAM burst and
   row; the ignored options are listed. */
static void test_mapping(void **state)
{
    (void)state;
    struct config_assigns a = { 0 };
    struct strbuf ign;
    struct ws_diag d = { 0 };
    sb_init(&ign);
    assert_int_equal(config_gpgpusim_read(GTX480, &a, &ign, &d), WS_OK);
    const char *want[][2] = {
        { "sm.count", "15" }, { "l2.slices", "12" }, { "rf.collectors", "6" },
        { "rf.collectors_sfu", "8" }, { "rf.collectors_mem", "2" },
        { "dram.atom", "64" }, { "dram.tRC", "40" }, { "dram.bank_groups", "1" },
        { "dram.model", "command" }, { "dram.latency", "100" },
        { "l1d.set_hash", "fermi" }, { "l1d.allocate", "miss" },
        { "l1d.write_allocate", "false" }, { "l2.sectored", "true" },
        { "l2.warm_on_write", "true" }, { "occupancy.regs", "ptxas" },
        { "dram.burst", "1" }, { "dram.row_bytes", "4096" },
        { "l2.size", "65536" }, { "l1d.size", "16384" }, { "sm.max_warps", "48" },
        { "lat.sfu", "8" }, { "ii.sfu", "8" }, { "dram.tRAS", "28" },
        { "l1d.write_local", "back" },
    };
    for (size_t w = 0; w < sizeof want / sizeof *want; w++) {
        size_t i = 0;
        while (i < a.n && strcmp(a.v[i].key, want[w][0]))
            i++;
        assert_true(i < a.n);
        assert_string_equal(a.v[i].value, want[w][1]);
        assert_string_equal(a.v[i].file, GTX480);
        assert_true(a.v[i].line > 0);
    }
    assert_non_null(strstr(sb_str(&ign), "-gpgpu_ptx_sim_mode\n"));
    assert_non_null(strstr(sb_str(&ign), "-gpuwattch_xml_file\n"));
    /* the L1's hash, the sectored L2 and the DRAM timings are mapped now */
    assert_null(strstr(sb_str(&ign), "set index function 'H'"));
    assert_null(strstr(sb_str(&ign), "-gpgpu_dram_timing_opt"));
    assert_null(strstr(sb_str(&ign), "-gpgpu_perf_sim_memcpy"));
    assert_null(strstr(sb_str(&ign), "-gpgpu_n_clusters"));
    sb_free(&ign);
    config_assigns_free(&a);
}

/* A file with text, read back; the error's text (with its location). */
static char *read_error(const char *text)
{
    char path[] = "/tmp/ws-gpgpusim-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    struct config_assigns a = { 0 };
    struct ws_diag d = { 0 };
    int rc = config_gpgpusim_read(path, &a, NULL, &d);
    unlink(path);
    config_assigns_free(&a);
    assert_int_equal(rc, WS_ERR);
    char *s = malloc(600);
    snprintf(s, 600, "%d:%d: %s", d.line, d.col, d.msg);
    diag_reset(&d);
    return s;
}

static void test_malformed(void **state)
{
    (void)state;
    static const char *cases[][2] = {
        { "-gpgpu_n_clusters 15\n-gpgpu_n_mem\n", "2:13: option -gpgpu_n_mem has no value" },
        { "-gpgpu_n_clusters fifteen", "1:19: -gpgpu_n_clusters expects a whole number, got 'fifteen'" },
        { "# x\n  gpgpu_n_clusters 15", "2:3: expected an option such as -gpgpu_n_clusters, found 'gpgpu_n_clusters'" },
        { "-gpgpu_cache:dl1 N:32:128,L:L:m:N:H,A:32:8,8", "1:18: -gpgpu_cache:dl1 expects" },
        { "-gpgpu_dram_timing_opt \"nbk=16:CL=12", "1:24: a quoted value is not closed" },
        { "-gpgpu_dram_timing_opt nbk=16:CL=12:RCD=12:RAS=28", "1:24: -gpgpu_dram_timing_opt expects" },
        { "-gpgpu_shader_core_pipeline 1024:64", "1:1: -gpgpu_shader_core_pipeline: warp size 64" },
        { "-gpgpu_scheduler warp_limiting:2:16", "1:1: -gpgpu_scheduler 'warp_limiting:2:16' has no counterpart" },
        { "-gpgpu_clock_domains 700:700:700", "1:22: -gpgpu_clock_domains expects" },
        /* five values, or 4.x's six (SHFL last): seven is neither */
        { "-ptx_opcode_latency_int 4,13,4,5,145,32,1",
          "1:25: -ptx_opcode_latency_int expects five numbers ADD,MAX,MUL,MAD,DIV (or six, SHFL last)" },
        { "-ptx_opcode_latency_int 4,13,4,5", "1:25: -ptx_opcode_latency_int expects" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *e = read_error(cases[i][0]);
        if (strncmp(e, cases[i][1], strlen(cases[i][1])))
            fail_msg("case %zu: got '%s', expected '%s...'", i, e, cases[i][1]);
        free(e);
    }
}

/* A value the key rejects names the option's line in the file. */
static void test_value_out_of_range(void **state)
{
    (void)state;
    char path[] = "/tmp/ws-gpgpusim-XXXXXX";
    int fd = mkstemp(path);
    const char *text = "# comment\n-gpgpu_n_clusters 15\n-gpgpu_n_cores_per_cluster 100\n";
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    struct ws_config c;
    struct ws_diag d = { 0 };
    char preset[64];
    snprintf(preset, sizeof preset, "gpgpusim:%s", path);
    assert_int_equal(resolve(&c, preset, &d), WS_ERR);
    config_free(&c);              /* filled even when it fails */
    unlink(path);
    assert_string_equal(d.file, path);
    assert_int_equal(d.line, 2);
    assert_non_null(strstr(d.msg, "sm.count"));
    assert_non_null(strstr(d.msg, "1500"));
    diag_reset(&d);
}

int main(void)
{
    wslua_use_for_presets();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gtx480_is_fermi),
        cmocka_unit_test(test_sm2_gtx480),
        cmocka_unit_test(test_mapping),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_value_out_of_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
