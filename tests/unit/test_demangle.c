/* test_demangle.c - kernel names demangled as c++filt shows them, and
   names outside the supported subset left alone. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include "util/demangle.h"

static void check(const char *m, const char *full, const char *qname,
                  const char *qbase, const char *base)
{
    struct ws_demangled d;
    assert_int_equal(ws_demangle(m, &d), 0);
    assert_string_equal(d.full, full);
    assert_string_equal(d.qname, qname);
    assert_string_equal(d.qbase, qbase);
    assert_string_equal(d.base, base);
    ws_demangled_free(&d);
}

static void test_plain_and_substitutions(void **state)
{
    (void)state;
    check("_Z22bpnn_layerforward_CUDAPfS_S_S_ii",
          "bpnn_layerforward_CUDA(float*, float*, float*, float*, int, int)",
          "bpnn_layerforward_CUDA", "bpnn_layerforward_CUDA",
          "bpnn_layerforward_CUDA");
    /* PKf: "float const" is S0_, "float const*" S1_ */
    check("_Z8srad_rowPfPKfif", "srad_row(float*, float const*, int, float)",
          "srad_row", "srad_row", "srad_row");
    check("_Z1fPKfS0_S_", "f(float const*, float const*, float const)", "f",
          "f", "f");
    check("_Z4idlev", "idle()", "idle", "idle", "idle");
    check("_Z3sumPyPjPhPtPsPcPaPxPbPdPVi",
          "sum(unsigned long long*, unsigned int*, unsigned char*, unsigned short*, "
          "short*, char*, signed char*, long long*, bool*, double*, int volatile*)",
          "sum", "sum", "sum");
}

static void test_namespaces_and_templates(void **state)
{
    (void)state;
    check("_ZN7rodinia4fillEPfjfPi",
          "rodinia::fill(float*, unsigned int, float, int*)", "rodinia::fill",
          "rodinia::fill", "fill");
    /* T_ is float; S_ the template name tcopy, S0_ T_, S1_ T_* */
    check("_Z5tcopyIfEvPT_PKS0_i", "tcopy<float>(float*, float const*, int)",
          "tcopy<float>", "tcopy", "tcopy");
    check("_ZN2ns5inner3addILi4ELb1EEEvPiS2_",
          "ns::inner::add<4, true>(int*, int*)", "ns::inner::add<4, true>",
          "ns::inner::add", "add");
    check("_ZN12_GLOBAL__N_14stepEPf", "(anonymous namespace)::step(float*)",
          "(anonymous namespace)::step", "(anonymous namespace)::step", "step");
    /* a class type argument and a reference */
    check("_Z3runP4NodeRKS_", "run(Node*, Node const&)", "run", "run", "run");
}

static void test_refused(void **state)
{
    (void)state;
    struct ws_demangled d;
    const char *bad[] = {
        "saxpy",             /* extern "C": not mangled */
        "_Z",                /* no name */
        "_Z3foo",            /* no parameter list */
        "_Z3fo",             /* a name longer than the text */
        "_Z3fooPFviE",       /* function types are outside the subset */
        "_Z3fooS_",          /* a substitution that does not exist */
        "_Z3fooT_",          /* a template parameter without a template */
        "_Z3fooPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPi", /* too deep */
        "_Z3fooIiEvLi4",     /* a literal outside template arguments */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(ws_demangle(bad[i], &d), -1);
        assert_null(d.full);
    }
}

static void test_same(void **state)
{
    (void)state;
    assert_true(ws_demangle_same("f(int*,float)", "f(int*, float)"));
    assert_true(ws_demangle_same(" f ( int * ) ", "f(int*)"));
    assert_false(ws_demangle_same("f(int*)", "f(int)"));
    assert_false(ws_demangle_same("f(int)", "f(int)x"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain_and_substitutions),
        cmocka_unit_test(test_namespaces_and_templates),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_same),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
