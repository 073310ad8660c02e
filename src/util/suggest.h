/*
** suggest.h - "did you mean ...?" for mistyped names.
*/
#ifndef WS_SUGGEST_H
#define WS_SUGGEST_H

#include <stdbool.h>
#include <stddef.h>

/* Levenshtein distance between two short strings (99 if either is longer
   than 64 characters). */
int ws_edit_distance(const char *a, const char *b);

/* The entry of list (entries separated by sep: "a|b|c") nearest to name,
   if it is at most 2 edits away and no more than half name's length:
   copied to out (n bytes) and true; else false. */
bool ws_suggest(const char *name, const char *list, char sep, char *out,
                size_t n);

#endif
