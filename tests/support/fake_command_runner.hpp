// FakeCommandRunner: a probe::CommandRunner that answers from a table instead of starting
// programs, and records every command it was asked to run. The answers a test gives it are real
// tool outputs (captured under tests/data/ with their SOURCE), so the code under test parses what the
// tools print; a command with no answer did not start, as when the program is not installed.
#pragma once

#include <algorithm>
#include <mutex>
#include <string>
#include <vector>

#include "probe/command_runner.hpp"

namespace archfit::test {

class FakeCommandRunner final : public probe::CommandRunner {
 public:
  // Answers a command whose argv starts with `prefix` (the first matching rule wins).
  void answer(std::vector<std::string> prefix, probe::CommandResult result) {
    result.started = true;
    m_rules.push_back({std::move(prefix), std::move(result)});
  }
  // Convenience: the program exits 0 and prints `out` on stdout.
  void answer_output(std::vector<std::string> prefix, std::string out) {
    probe::CommandResult result;
    result.exit_code = 0;
    result.out = std::move(out);
    answer(std::move(prefix), std::move(result));
  }

  probe::CommandResult run(const std::vector<std::string>& argv, const probe::Environment& /*environment*/,
                           std::chrono::milliseconds /*timeout*/) const override {
    std::lock_guard lock(m_mutex);  // probes run in parallel (doctor)
    m_calls.push_back(argv);
    for (const auto& rule : m_rules) {
      if (rule.prefix.size() <= argv.size() && std::equal(rule.prefix.begin(), rule.prefix.end(), argv.begin())) {
        return rule.result;
      }
    }
    probe::CommandResult missing;
    missing.start_error = "No such file or directory";
    return missing;
  }

  // Every argv run so far, in order.
  std::vector<std::vector<std::string>> calls() const {
    std::lock_guard lock(m_mutex);
    return m_calls;
  }

 private:
  struct Rule {
    std::vector<std::string> prefix;
    probe::CommandResult result;
  };
  std::vector<Rule> m_rules;
  mutable std::mutex m_mutex;
  mutable std::vector<std::vector<std::string>> m_calls;
};

}  // namespace archfit::test
