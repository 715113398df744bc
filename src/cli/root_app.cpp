#include "cli/root_app.hpp"

#include <fmt/format.h>

#include "cli/build_info.hpp"

namespace archfit::cli {

std::string version_line() {
  const BuildInfo& info = build_info();
  return fmt::format("archfit {} (commit {}, knowledge tables of {})", info.version, info.commit,
                     info.data_date.empty() ? "unknown date" : info.data_date);
}

void add_global_options(CLI::App& app, std::string& color, bool& quiet, bool& verbose) {
  app.set_version_flag("-V,--version", version_line(), "Print the version, the git commit and the knowledge tables' date");
  app.add_option("--color", color, "Colour: auto (terminal only, honours NO_COLOR), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->type_name("WHEN");
  CLI::Option* quiet_flag =
      app.add_flag("-q,--quiet", quiet, "Print only problems: warnings, failures and errors (docs/cli.md, per command)");
  app.add_flag("-v,--verbose", verbose, "Also print the facts behind each check: the rule and its source for passes too")
      ->excludes(quiet_flag);
}

}  // namespace archfit::cli
