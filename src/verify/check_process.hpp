// Each verify check is its own process, so a crash (SIGILL in a CPU-specific kernel, SIGSEGV in a
// mismatched Triton, an abort in the HIP runtime) or a hang is recorded and the suite goes on.
// A check reports its result as the last stdout line starting "ARCHFIT_RESULT " followed by a JSON
// object: {"status": "pass"|"fail"|"skip", "summary": "...", "evidence": [...], "metrics": {...}}.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "probe/command_runner.hpp"
#include "verify/verify_report.hpp"

namespace archfit::verify {

// Runs argv and turns what happened into a CheckResult (id and group filled in by the caller).
CheckResult run_check_process(const probe::CommandRunner& runner, const std::vector<std::string>& argv,
                              const probe::Environment& environment, std::chrono::milliseconds timeout);

// Interprets a finished process: the ARCHFIT_RESULT line, else the crash / exit status.
CheckResult interpret_check_output(const probe::CommandResult& result, std::chrono::milliseconds timeout);

}  // namespace archfit::verify
