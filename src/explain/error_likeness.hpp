// How much a log line looks like an error, for logs no signature explains: `explain` then shows
// the few lines that score highest. A heuristic over words that error messages use ("error",
// "fatal", "failed", "Traceback", "core dumped", "not found", ...), case-insensitive; "warning"
// counts against a line. 0 or less: not an error line.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace archfit::explain {

class ErrorLikeness {
 public:
  ErrorLikeness();
  ~ErrorLikeness();
  ErrorLikeness(const ErrorLikeness&) = delete;
  ErrorLikeness& operator=(const ErrorLikeness&) = delete;

  int score(std::string_view line);

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace archfit::explain
