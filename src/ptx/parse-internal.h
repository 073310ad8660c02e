/*
** parse-internal.h - what the parser's files share: the parser's state,
** name bindings, and the helpers for errors, the token stream and scopes
** (parse-util.c). parse.c parses declarations, functions and the module;
** parse-inst.c operands and instructions.
*/
#ifndef WS_PTX_PARSE_INTERNAL_H
#define WS_PTX_PARSE_INTERNAL_H
#include "ptx/ir.h"
#include "ptx/lex.h"
#include "util/diag.h"
#include "util/ptrmap.h"
#include "util/vec.h"
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum bkind { B_REG, B_VAR };

struct binding {
    const char *name;
    enum bkind kind;
    int32_t index;
    int64_t prev;          /* previous binding of the same name, or -1 */
};

struct parser {
    struct lexer lx;
    struct token t, la;
    bool has_la;
    struct ptx_module *m;
    struct ws_diag *diag;
    int fn;                /* index of the function being parsed, or -1 */
    struct ptrmap names;   /* function scope: name -> binding index */
    VEC(struct binding) binds;
    VEC(size_t) scopes;
    struct ptrmap gvars;   /* module: name -> var index */
    struct ptrmap gfuncs;  /* module: name -> function index */
    struct ptrmap labels;  /* function: label name -> index in labels */
    int loc_file, loc_line, loc_col;
};

#define FN(p) (&(p)->m->funcs.v[(p)->fn])

/* Errors: each reports at (line, col) with the source line under a caret
   `width` characters wide, and returns WS_ERR. */
int ptxp_verr_at(struct parser *p, int line, int col, int width,
                 const char *fmt, va_list ap);
int ptxp_err_at(struct parser *p, int line, int col, int width,
                const char *fmt, ...) __attribute__((format(printf, 5, 6)));
int ptxp_err_tok(struct parser *p, const struct token *t, const char *fmt,
                 ...) __attribute__((format(printf, 3, 4)));
/* A token described for "found ..." messages, written into buf if needed. */
const char *ptxp_tokdesc(const struct token *t, char *buf, size_t n);
/* "expected WHAT, found <the current token>". */
int ptxp_expected(struct parser *p, const char *what);

/* The token stream: p->t is the current token; advance moves on (WS_ERR on
   a lexical error), peek looks one token ahead without moving. */
int ptxp_advance(struct parser *p);
const struct token *ptxp_peek(struct parser *p);
bool ptxp_is_punct(const struct token *t, char c);
bool ptxp_is_dot(const struct token *t, const char *s);
/* Consumes the punctuation c, or reports what was found instead. */
int ptxp_expect_punct(struct parser *p, char c);
/* The current identifier token, interned in the module's strings. */
const char *ptxp_tok_name(struct parser *p, const struct token *t);
/* An integer literal (what names it in the error); advances past it. */
int ptxp_parse_uint(struct parser *p, uint64_t *v, const char *what);
int ptxp_parse_int(struct parser *p, int64_t *v, const char *what);

/* Scopes of a function body: bindings made inside a {...} block end with
   it; bind reports a name declared twice in one scope. */
void ptxp_scope_push(struct parser *p);
void ptxp_scope_pop(struct parser *p);
int ptxp_bind(struct parser *p, const char *name, enum bkind k,
              int32_t idx, const struct token *at);
const struct binding *ptxp_lookup(struct parser *p, const char *name);

/* One instruction of a function body (parse-inst.c): optional guard,
   opcode and modifiers, operands checked against the opcode's shapes; the
   current token is its first. */
int ptxp_instruction(struct parser *p);

#endif
