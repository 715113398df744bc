// Processes seen through /proc, for the tests that check a build leaves no child behind.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

namespace archfit::test {

// /proc/PID/cmdline (NUL-separated arguments), or "" when the process is gone. Read with read(2):
// a process that exits between the open and the read makes the read fail with ESRCH, which an
// istreambuf_iterator turns into an exception (seen in a fresh root).
inline std::string proc_cmdline(const std::filesystem::path& proc_dir) {
  std::string text;
  int fd = ::open((proc_dir / "cmdline").c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return text;
  }
  char buffer[4096];
  ssize_t got = 0;
  while ((got = ::read(fd, buffer, sizeof buffer)) > 0) {
    text.append(buffer, static_cast<std::size_t>(got));
  }
  ::close(fd);
  return got < 0 ? std::string() : text;
}

// The processes whose command line holds `text` and does not hold `except`.
inline std::vector<pid_t> processes_with(const std::string& text, const std::string& except) {
  std::vector<pid_t> found;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    std::string cmdline = proc_cmdline(entry.path());
    if (cmdline.find(text) != std::string::npos && cmdline.find(except) == std::string::npos) {
      found.push_back(std::atoi(entry.path().filename().c_str()));
    }
  }
  return found;
}

}  // namespace archfit::test
