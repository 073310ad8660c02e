/*
** suggest.h - "did you mean ...?" for mistyped names.
*/
#ifndef WS_SUGGEST_H
#define WS_SUGGEST_H

/* Levenshtein distance between two short strings (99 if either is longer
   than 64 characters). */
int ws_edit_distance(const char *a, const char *b);

#endif
