#!/usr/bin/env bash
# The manual page from `warpscope --help`: the SYNOPSIS, COMMANDS, OPTIONS
# and EXIT STATUS sections are the help text set in roff, the rest comes
# from docs/warpscope.1.in.
#   scripts/man.sh BIN            print the page
#   scripts/man.sh BIN --write    write docs/warpscope.1 (`make man`)
#   scripts/man.sh BIN --check    exit 1 with a diff when docs/warpscope.1
#                                 is not what the help text gives
set -u
bin=${1:?usage: scripts/man.sh BIN [--write|--check]}
mode=${2:-}
cd "$(dirname "$0")/.."
help=$("$bin" --help) || { echo "man.sh: $bin --help failed" >&2; exit 2; }

# The help text, parsed: usage entries (synopsis lines, then description),
# options (name, then description), the exit status paragraph. roff needs
# backslashes doubled as \e, hyphens as \-, `code` in bold.
page=$(awk -v tmpl=docs/warpscope.1.in '
function esc(s) {
  gsub(/\\/, "\\e", s); gsub(/-/, "\\-", s)
  while (match(s, /`[^`]*`/))
    s = substr(s, 1, RSTART - 1) "\\fB" substr(s, RSTART + 1, RLENGTH - 2) "\\fR" substr(s, RSTART + RLENGTH)
  if (s ~ /^[.\047]/) s = "\\&" s
  return s
}
function trim(s) { sub(/^ +/, "", s); sub(/ +$/, "", s); return s }
NR == 1 { version = $2; name = $0; sub(/^warpscope [^ ]+ - /, "", name); next }
/^Usage:/ { sec = "usage"; next }
/^Options:/ { sec = "options"; next }
/^Exit status:/ { sec = "exit" }
sec == "usage" && /^  warpscope/ {
  if (desc != "") { flush_cmd() }
  syn = syn (syn == "" ? "" : "\n") trim($0); synall = synall trim($0) "\n"; next
}
sec == "usage" && /^     +\[/ { syn = syn " " trim($0); synall = synall "        " trim($0) "\n"; next }
sec == "usage" && /^      / { desc = desc (desc == "" ? "" : "\n") esc(trim($0)); next }
sec == "options" && /^  -/ {
  line = trim($0)
  if (match(line, /   +/)) { o = substr(line, 1, RSTART - 1); d = trim(substr(line, RSTART)) }
  else { o = line; d = "" }
  nopt++; oname[nopt] = o; odesc[nopt] = esc(d); next
}
sec == "options" && /^ +[^ ]/ { odesc[nopt] = odesc[nopt] (odesc[nopt] == "" ? "" : "\n") esc(trim($0)); next }
sec == "exit" { exitp = exitp (exitp == "" ? "" : "\n") esc(trim($0)); next }
function flush_cmd() {
  ncmd++; csyn[ncmd] = syn; cdesc[ncmd] = desc; syn = ""; desc = ""
}
END {
  if (desc != "") flush_cmd()
  while ((getline t < tmpl) > 0) {
    if (t == "@NAME@") print "warpscope \\- " esc(name)
    else if (t == "@SYNOPSIS@") {
      n = split(synall, s, "\n")
      print ".nf"
      for (i = 1; i <= n; i++) if (s[i] != "") print esc(s[i])
      print ".fi"
    } else if (t == "@COMMANDS@") {
      for (c = 1; c <= ncmd; c++) {
        print ".TP"
        n = split(csyn[c], s, "\n")
        for (i = 1; i <= n; i++) { print ".B " esc(s[i]); if (i < n) print ".br" }
        print cdesc[c]
      }
    } else if (t == "@OPTIONS@") {
      for (i = 1; i <= nopt; i++) { print ".TP"; print ".B " esc(oname[i]); print odesc[i] }
    } else if (t == "@EXIT@") print exitp
    else { gsub(/@VERSION@/, version, t); print t }
  }
}' <<<"$help")

case "$mode" in
  --write) printf '%s\n' "$page" > docs/warpscope.1 ;;
  --check)
    if ! diff -u docs/warpscope.1 - <<<"$page" >/tmp/ws-man.$$ 2>&1; then
      echo "man FAIL docs/warpscope.1 differs from what \`warpscope --help\` gives; run \`make man\`:"
      head -40 /tmp/ws-man.$$; rm -f /tmp/ws-man.$$; exit 1
    fi
    rm -f /tmp/ws-man.$$
    # and it renders without warnings
    if command -v groff >/dev/null 2>&1; then
      warn=$(groff -man -Tutf8 -ww docs/warpscope.1 2>&1 >/dev/null)
      if [ -n "$warn" ]; then echo "man FAIL groff warns:"; echo "$warn" | head; exit 1; fi
    fi
    echo "man: docs/warpscope.1 matches --help and renders" ;;
  *) printf '%s\n' "$page" ;;
esac
