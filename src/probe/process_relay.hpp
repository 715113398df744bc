// Running a command for `archfit run`: its stdout and stderr pass through to ours as they arrive
// (byte for byte, each to its own stream) while every chunk is also handed to a callback (which
// feeds the log scanner), so nothing is stored beyond one line per stream.
//
// Process model (what shells do for a foreground job):
//   * The command runs in its own process group. When our stdin is a terminal whose foreground
//     group is ours, that group becomes the terminal's foreground while it runs: Ctrl-C and
//     Ctrl-Z reach the whole command (make and its compilers), and it can read the terminal.
//     Ctrl-Z stops us too (the shell sees one stopped job); `fg` continues both.
//   * SIGINT, SIGTERM, SIGHUP and SIGQUIT are forwarded to its group; if we die, it gets SIGKILL.
//   * Its output goes through pipes, so programs that colour only on a terminal see none;
//     `color_environment` (FORCE_COLOR=1, CLICOLOR_FORCE=1) asks them to colour anyway.
//   * After it exits, output still arriving from processes it left behind is passed on until
//     the pipes close or stay silent for `drain_timeout`.
// Signals are taken through a signalfd while the command runs and restored afterwards; the
// process must be single-threaded when run_relayed is called.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "probe/environment.hpp"
#include "util/result.hpp"

namespace archfit::probe {

struct RelayOptions {
  std::vector<std::string> argv;  // argv[0] is looked up on PATH when it has no '/'
  // The environment whose PATH that search reads; nullptr: this process's.
  const Environment* search_environment = nullptr;
  // Set (added or replaced) in the command's environment.
  std::vector<std::pair<std::string, std::string>> environment;
  int out_fd = 1;  // where the command's stdout goes
  int err_fd = 2;
  // Every chunk of output as it passes: stream 1 (stdout) or 2 (stderr).
  std::function<void(int stream, std::string_view chunk)> on_output;
  std::chrono::milliseconds drain_timeout{1000};
  // Asked after each chunk: true stops the command (SIGTERM to its group, SIGKILL 3 s later).
  std::function<bool()> stop;
};

struct RelayOutcome {
  bool started = true;
  std::string start_error;   // why the command could not start ("sh2: command not found")
  int exit_code = 0;         // when it exited (127/126 when it could not start, as shells)
  int signal = 0;            // when a signal ended it
  int forwarded_signal = 0;  // the last signal we passed on to it (0: none)
  bool stopped = false;      // RelayOptions::stop asked for it

  // What a shell reports: the exit code, or 128 + the signal.
  int status() const { return signal != 0 ? 128 + signal : exit_code; }
};

// Runs the command to its end. Errors are archfit's own (no pipe, no fork); a command that
// cannot be started is an outcome with started = false.
Result<RelayOutcome> run_relayed(const RelayOptions& options);

// The executable `name` resolves to on `path` (a PATH value), or an error message; names with
// a '/' are taken as they are.
Result<std::string> find_executable(const std::string& name, const std::string& path);

}  // namespace archfit::probe
