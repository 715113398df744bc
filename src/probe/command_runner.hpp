// CommandRunner: how probes ask other programs (nvidia-smi, gcc --version, hipconfig). It is an
// interface so that tests can answer with captured outputs, and so that a probe that hangs is
// killed after its timeout and reported instead of hanging archfit.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "probe/environment.hpp"

namespace archfit::probe {

struct CommandResult {
  bool started = false;     // false: the program was not found or could not be executed
  bool timed_out = false;   // killed (SIGKILL) after the timeout
  int exit_code = -1;       // when it exited normally
  int signal = 0;           // when a signal ended it
  std::string out;          // stdout, at most CommandRunner's capture limit
  std::string err;          // stderr, likewise
  std::string start_error;  // why it did not start ("No such file or directory")

  bool succeeded() const { return started && !timed_out && signal == 0 && exit_code == 0; }
};

class CommandRunner {
 public:
  virtual ~CommandRunner() = default;
  // Runs argv[0] (searched on PATH of `environment`) with stdin from /dev/null.
  virtual CommandResult run(const std::vector<std::string>& argv, const Environment& environment,
                            std::chrono::milliseconds timeout) const = 0;
};

// `name` as a shell would find it on the PATH of `environment` (symlinks kept: a venv's python is
// a symlink, and its location, not its target, names the venv); a name with a '/' is returned as
// given; empty when nothing executable is found.
std::string find_program(const std::string& name, const Environment& environment);

// Runs real processes (posix_spawn), capturing up to 1 MiB of each stream.
class ProcessRunner final : public CommandRunner {
 public:
  CommandResult run(const std::vector<std::string>& argv, const Environment& environment,
                    std::chrono::milliseconds timeout) const override;
};

}  // namespace archfit::probe
