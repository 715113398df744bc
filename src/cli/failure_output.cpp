#include "cli/failure_output.hpp"

#include <unistd.h>

#include <cstdio>

#include <fmt/format.h>

#include "util/json_writer.hpp"
#include "util/terminal_text.hpp"

namespace archfit::cli {

int report_failure(const report::TextStyle& error_style, bool json, std::string_view command, std::string_view message,
                   int exit_code) {
  fmt::print(stderr, "archfit: {} {}\n", error_style.red("error:"), terminal_safe(message));
  if (json) {
    JsonWriter writer(::isatty(STDOUT_FILENO) == 1 ? 2 : 0);
    writer.begin_object();
    writer.member("schema", "archfit.error/1");
    writer.member("command", command);
    writer.member("error", message);
    writer.member("exit_code", exit_code);
    writer.end_object();
    fmt::print("{}\n", writer.text());
    std::fflush(stdout);
  }
  return exit_code;
}

}  // namespace archfit::cli
