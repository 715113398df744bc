// `archfit check`: placeholder until its issue lands; exits 2 so that no script mistakes it for a result.
#include <cstdio>

#include "cli/command.hpp"

namespace archfit::cli {

std::function<int()> setup_check(CLI::App& /*app*/, const GlobalOptions& /*global*/) {
  return [] {
    std::fputs("archfit: error: 'check' is not implemented yet\n", stderr);
    return k_exit_usage;
  };
}

}  // namespace archfit::cli
