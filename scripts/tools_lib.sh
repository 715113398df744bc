# Sourced by install_deps.sh, check_tools.sh and test.sh: reads scripts/tools.tsv.
#   tool_rows STAGE...   prints the manifest rows (tab-separated) of those stages
#   find_tool SPEC       prints the first present alternative of a tool column, or returns 1
tools_manifest=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/tools.tsv

tool_rows() {
  local want=" $* "
  awk -F'\t' -v want="$want" '!/^#/ && NR > 1 && NF == 4 && $1 != "stage" && index(want, " " $1 " ")' \
    "$tools_manifest"
}

# find_one ALTERNATIVE: an absolute path or glob, py:GLOB under a python3 site-packages, or a command.
find_one() {
  local alt=$1 hit site
  case $alt in
    /*) for hit in $alt; do [ -e "$hit" ] && { echo "$hit"; return 0; }; done; return 1 ;;
    py:*)
      command -v python3 >/dev/null || return 1
      for site in $(python3 -c 'import site, sys; print(" ".join(site.getsitepackages() + [site.getusersitepackages()]))' 2>/dev/null); do
        for hit in "$site"/${alt#py:}; do [ -e "$hit" ] && { echo "$hit"; return 0; }; done
      done
      return 1 ;;
    *) command -v "$alt" ;;
  esac
}

find_tool() {
  local alt
  IFS='|' read -ra alts <<< "$1"
  for alt in "${alts[@]}"; do find_one "$alt" && return 0; done
  return 1
}
