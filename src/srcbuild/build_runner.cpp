// Running build steps with a log and a watch (srcbuild/build_runner.hpp).
#include "srcbuild/build_runner.hpp"

#include <unistd.h>

#include "explain/line_splitter.hpp"
#include "probe/process_relay.hpp"
#include "explain/line_splitter.hpp"

namespace archfit::build {

Result<BuildRun> run_build_steps(const BuildRunOptions& options) {
  BuildRun run;
  run.watch = BuildWatch(options.targets);
  for (const auto& step : options.steps) {
    StepOutcome outcome;
    outcome.name = step.name;
    outcome.argv = step.argv;
    if (options.on_step) {
      options.on_step(outcome);
    }
    probe::RelayOptions relay;
    // The child starts in the tree: sh changes directory, then execs the step (no shell parsing of argv).
    relay.argv = {"/bin/sh", "-c", "cd -- \"$0\" && exec \"$@\"", options.cwd};
    relay.argv.insert(relay.argv.end(), step.argv.begin(), step.argv.end());
    relay.environment = options.environment;
    relay.out_fd = options.log_fd;
    relay.err_fd = options.log_fd;
    relay.drain_timeout = std::chrono::milliseconds(2000);
    explain::LineSplitter out_lines;
    explain::LineSplitter err_lines;
    bool disagreed = false;
    auto on_line = [&](std::string_view line) {
      disagreed = run.watch.feed(line) || disagreed;
      if (options.on_line) {
        options.on_line(line, run.watch);
      }
    };
    relay.on_output = [&](int stream, std::string_view chunk) { (stream == 1 ? out_lines : err_lines).feed(chunk, on_line); };
    relay.stop = [&] { return disagreed; };
    auto start = std::chrono::steady_clock::now();
    auto relayed = probe::run_relayed(relay);
    out_lines.finish(on_line);
    err_lines.finish(on_line);
    outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!relayed) {
      return relayed.error();
    }
    outcome.started = relayed->started;
    outcome.start_error = relayed->start_error;
    outcome.exit_code = relayed->exit_code;
    outcome.signal = relayed->signal;
    outcome.forwarded_signal = relayed->forwarded_signal;
    outcome.stopped = relayed->stopped || disagreed;
    run.interrupted = run.interrupted || relayed->forwarded_signal != 0;
    run.steps.push_back(outcome);
    if (!outcome.succeeded() || run.interrupted) {
      return run;
    }
  }
  run.succeeded = true;
  return run;
}

}  // namespace archfit::build
