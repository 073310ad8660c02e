/*
** lex.h - the PTX lexer.
** Streams tokens out of a NUL-terminated buffer with positions (1-based line
** and byte column) and whether whitespace preceded each token, which the
** parser needs to glue `ld` `.global` `.f32` into one opcode and `%tid` `.x`
** into one special register.
*/
#ifndef WS_PTX_LEX_H
#define WS_PTX_LEX_H
#include <stdbool.h>
#include <stdint.h>
#include "util/diag.h"

enum tok_kind {
    TK_EOF,
    TK_IDENT,      /* foo, %r1, $L__BB0_1, _ */
    TK_DOT,        /* .reg .f32 .x (text includes the dot) */
    TK_INT,        /* 42, 0x2A, 052, 0b101 (ival; uns for a U suffix) */
    TK_FLOAT,      /* 0f3F800000 (fsize 4), 0d... or 1.5 (fsize 8) */
    TK_STRING,     /* "..." (text includes the quotes) */
    TK_PUNCT,      /* one of , ; : { } [ ] ( ) < > + - ! @ | = */
    TK_ERROR,      /* a diagnostic was recorded */
};

struct token {
    enum tok_kind kind;
    const char *p;
    int len;
    int line, col;
    bool spaced;    /* whitespace or a comment came before this token */
    char punct;
    bool uns;
    uint64_t ival;
    double fval;
    int fsize;
};

struct lexer {
    const char *src, *cur, *line_start;
    const char *file;
    int line;
    struct ws_diag *diag;
};

void lex_init(struct lexer *lx, const char *src, const char *file,
              struct ws_diag *diag);
/* Produces the next token; TK_ERROR leaves a diagnostic in lx->diag. */
struct token lex_next(struct lexer *lx);

#endif
