#!/usr/bin/env bash
# Loads `archfit completion bash|zsh|fish` in the real shells and checks that commands, options and
# option values complete; checks --version/-V, `help CMD` and the man page against the same binary.
# Usage: test_completions.sh ARCHFIT_BINARY     (CTest: packaging.completions)
# ARCHFIT_TEST_BINARY, when set, replaces ARCHFIT_BINARY (as in the end-to-end tests: docs/testing.md).
set -uo pipefail
bin=$(realpath "${ARCHFIT_TEST_BINARY:-${1:?usage: test_completions.sh ARCHFIT_BINARY}}")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
export PATH="$work/bin:$PATH"; mkdir -p "$work/bin"; ln -s "$bin" "$work/bin/archfit"
failures=0
expect() {  # expect NAME WANT GOT: GOT (one candidate a line) must contain the line WANT
  if grep -qx -- "$2" <<< "$3"; then echo "ok    $1"; else
    echo "FAIL  $1: '$2' not among:"; sed 's/^/        /' <<< "$3"; failures=$((failures + 1)); fi
}
"$bin" completion bash > "$work/archfit.bash" && "$bin" completion zsh > "$work/_archfit" &&
  "$bin" completion fish > "$work/archfit.fish" || { echo "FAIL  archfit completion"; exit 1; }

# bash: the registered completion, then the function it names on COMP_WORDS as readline would set them.
bash_complete() {
  bash --norc --noprofile -c 'source "$1"; shift; complete -p archfit >/dev/null || exit 3
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; _archfit
    printf "%s\n" "${COMPREPLY[@]}"' bash "$work/archfit.bash" "$@"
}
expect "bash: complete -p archfit" "complete -o default -F _archfit archfit" \
  "$(bash --norc -c 'source "$1"; complete -p archfit' bash "$work/archfit.bash")"
expect "bash: archfit sc<TAB>" scan "$(bash_complete archfit sc)"
expect "bash: archfit comp<TAB>" completion "$(bash_complete archfit comp)"
expect "bash: archfit scan --de<TAB>" --deep "$(bash_complete archfit scan --de)"
expect "bash: archfit --color never detect --js<TAB>" --json "$(bash_complete archfit --color never detect --js)"
expect "bash: archfit --color al<TAB>" always "$(bash_complete archfit --color al)"
expect "bash: archfit --ver<TAB>" --version "$(bash_complete archfit --ver)"

# fish: its own completion engine (complete -C), candidates without their descriptions.
fish_complete() { fish --no-config -c "source $work/archfit.fish; complete -C '$1'" | cut -f1; }
expect "fish: archfit sc<TAB>" scan "$(fish_complete 'archfit sc')"
expect "fish: archfit scan --de<TAB>" --deep "$(fish_complete 'archfit scan --de')"
expect "fish: archfit doctor --pro<TAB>" --project "$(fish_complete 'archfit doctor --pro')"
expect "fish: archfit --color <TAB>" never "$(fish_complete 'archfit --color ')"

# zsh: compinit in a real zsh, the completion loaded as `source <(archfit completion zsh)`; it must
# register _archfit for archfit and its command list and option specs must be there. (Driving zsh's
# line editor through zpty to press TAB is not done yet.)
zsh_out=$(zsh -f -c 'autoload -Uz compinit; compinit -u -D; source "$1"; print -r -- "$_comps[archfit]"
  whence -f _archfit' zsh "$work/_archfit" 2>&1)
expect "zsh: compdef registers _archfit" _archfit "$(head -1 <<< "$zsh_out")"
expect "zsh: scan is a command" ok "$(grep -q "'scan:List the GPU code" <<< "$zsh_out" && echo ok)"
expect "zsh: flags take no value" ok "$(grep -q "'--json\[[^]]*\]'" <<< "$zsh_out" && echo ok)"
expect "zsh: scan --deep has a spec" ok "$(grep -q "'--deep\[" <<< "$zsh_out" && echo ok)"
expect "zsh: --color completes its values" ok "$(grep -q "'--color\[.*:WHEN:(auto always never)'" <<< "$zsh_out" && echo ok)"

# --version / -V, help CMD, the man page.
version=$("$bin" --version)
expect "--version names the version, commit and knowledge date" ok \
  "$(grep -qE '^archfit [0-9]+\.[0-9]+\.[0-9]+ \(commit ([0-9a-f]{7,}(-dirty)?|unknown), knowledge tables of ([0-9]{4}-[0-9]{2}-[0-9]{2}|unknown date)\)$' <<< "$version" && echo ok)"
expect "-V is --version" "$version" "$("$bin" -V)"
expect "help scan is scan --help" ok "$(cmp -s <("$bin" help scan) <("$bin" scan --help) && echo ok)"
man=$("$bin" man)
expect "man: .TH header" ARCHFIT "$(head -1 <<< "$man" | cut -d' ' -f2)"
for command in detect check doctor env explain run verify scan; do
  expect "man: section for $command" "archfit $command" "$(sed -n 's/^\.SS "\([a-z ]*\).*/\1/p' <<< "$man" | sed 's/ *$//' | sed 's/ \[.*//')"
done
[ $failures = 0 ] && echo "all completion checks passed" || { echo "$failures failed"; exit 1; }
