// Running a project's build steps for `archfit build`: each step a child process (its own process
// group, through probe/process_relay) in the source tree, with the build environment set in the
// child only. Both output streams go to the log file as they arrive (write(2) per chunk, so the log
// is complete up to the last byte when the build is killed or interrupted), and every line goes
// through a BuildWatch: progress, and the arch lines. A line that disagrees with the requested
// targets stops the build at once (SIGTERM to the group, SIGKILL 3 s later).
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "srcbuild/build_watch.hpp"
#include "util/result.hpp"

namespace archfit::build {

struct BuildStep {
  std::string name;               // "hipify", "wheel"
  std::vector<std::string> argv;  // argv[0] looked up on PATH
  std::string why;
  std::string source;
};

struct StepOutcome {
  std::string name;
  std::vector<std::string> argv;
  bool started = true;
  std::string start_error;
  int exit_code = 0;
  int signal = 0;             // the signal that ended it
  int forwarded_signal = 0;   // SIGINT/SIGTERM/... passed on from us
  bool stopped = false;       // stopped by archfit (arch disagreement)
  double seconds = 0;
  bool succeeded() const { return started && !stopped && signal == 0 && exit_code == 0; }
  int status() const { return signal != 0 ? 128 + signal : exit_code; }
};

struct BuildRunOptions {
  std::vector<BuildStep> steps;
  std::string cwd;                                                  // the source tree
  std::vector<std::pair<std::string, std::string>> environment;     // set in the children only
  std::vector<std::string> targets;                                 // what the arch lines must name
  int log_fd = -1;                                                  // the log (both streams)
  std::function<void(const StepOutcome& starting)> on_step;         // before each step
  std::function<void(std::string_view line, const BuildWatch& watch)> on_line;  // each line, after the watch saw it
};

struct BuildRun {
  std::vector<StepOutcome> steps;  // the steps that ran, in order
  bool succeeded = false;
  bool interrupted = false;        // a signal from outside (Ctrl-C) reached the build
  BuildWatch watch{{}};
};

Result<BuildRun> run_build_steps(const BuildRunOptions& options);

}  // namespace archfit::build
