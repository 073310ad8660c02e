/*
** demangle.h - names of C++ kernels as the source wrote them.
** nvcc mangles every kernel not declared extern "C" by the Itanium C++
** ABI (_Z8srad_rowPfPKfif); scenarios and inspect show and accept the
** demangled forms. Only what nvcc emits for kernels is understood: plain,
** namespaced and nested names, builtin types, pointers, references,
** const/volatile, class types, substitutions and template arguments
** (types and integer literals). Anything else is left mangled.
*/
#ifndef WS_DEMANGLE_H
#define WS_DEMANGLE_H

struct ws_demangled {
    char *full;    /* "rodinia::fill(float*, unsigned int, float, int*)" */
    char *qname;   /* "rodinia::fill", "tcopy<float>" */
    char *qbase;   /* qname without the function's template arguments */
    char *base;    /* its last component: "fill", "tcopy" */
};

/*
** Demangles a function name. Returns 0 and fills *out (free with
** ws_demangled_free) or -1, *out zeroed, when name is not an Itanium
** mangled name or uses a form this demangler does not know.
*/
int ws_demangle(const char *name, struct ws_demangled *out);
void ws_demangled_free(struct ws_demangled *d);

/* Whether a and b are equal ignoring white space ("f(int*,float)" and
   "f(int*, float)"). */
int ws_demangle_same(const char *a, const char *b);

/*
** Whether `query` names the kernel whose PTX name is `ptxname`: the PTX
** name itself (2), or, for a mangled name, its demangled signature (white
** space ignored), its qualified name with or without the template
** arguments, or its last component (1); 0 otherwise. An exact PTX name
** wins over the demangled forms of other kernels.
*/
int ws_demangle_match(const char *ptxname, const char *query);

#endif
