// doctor's text as a person reads it (docs/cli.md, "Output for humans"): at 80 columns no line of
// prose is longer than 80 and every fix command is printed whole, on one line; -q lists only what
// needs attention, -v adds the rule and its source to every check. The machines are captured
// sysroots (tests/data/sysroots) with and without the fake tools of tests/data/doctor, so the
// report holds PASS, WARN, FAIL and SKIP checks with real rules, sources and fixes.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "fake_machine.hpp"
#include "report/doctor_text.hpp"
#include "report/finding_text.hpp"
#include "util/text_lines.hpp"

namespace archfit::doctor::testing {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  for (auto line : split_lines(text)) {
    lines.emplace_back(line);
  }
  return lines;
}

// The words of `text` in order, without the "#" a wrapped shell comment repeats on each line.
std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string word; in >> word;) {
    if (word != "#") {
      words.push_back(word);
    }
  }
  return words;
}

// The fix lines that are commands (not "# ..." comments) of the checks the text shows them for.
std::vector<std::string> fix_commands(const DoctorReport& report, bool all) {
  std::vector<std::string> commands;
  for (const auto& check : report.checks) {
    if (!all && check.status != Status::warn && check.status != Status::fail) {
      continue;
    }
    for (auto line : split_lines(check.fix)) {
      if (!trim(line).empty() && !trim(line).starts_with("#")) {
        commands.emplace_back(trim(line));
      }
    }
  }
  return commands;
}

std::vector<DoctorReport> captured_reports() {
  std::vector<DoctorReport> reports;
  {
    FakeMachine bare("mi300x-8gpu");  // nothing installed: FAILs with long rules and fixes
    reports.push_back(bare.doctor());
  }
  {
    FakeMachine tooled("h200");
    tooled.debian_gcc12();
    tooled.build_tools("cmake-3.25.1");  // older than PyTorch's minimum: a WARN or FAIL with a fix
    tooled.python_venv();
    reports.push_back(tooled.doctor());
  }
  return reports;
}

void expect_fits(const DoctorReport& report, const report::TextStyle& style) {
  std::string text = report::doctor_to_text(report, style);
  auto commands = fix_commands(report, style.verbose());
  ASSERT_FALSE(commands.empty());
  for (const auto& line : lines_of(text)) {
    if (report::text_columns(line) <= style.width) {
      continue;
    }
    std::string_view body = trim(line);
    for (std::string_view label : {"rule:", "source:", "fix:"}) {
      if (body.starts_with(label)) {
        body = trim(body.substr(label.size()));
      }
    }
    bool is_command = std::find(commands.begin(), commands.end(), std::string(body)) != commands.end();
    bool one_word = body.find(' ') == std::string_view::npos;  // a URL or path longer than a line
    EXPECT_TRUE(is_command || one_word) << "prose line of " << report::text_columns(line) << " columns:\n" << line;
  }
  // Every command to paste is there whole, on a line of its own (after "fix:" or alone).
  for (const auto& command : commands) {
    bool whole = false;
    for (const auto& line : lines_of(text)) {
      std::string_view body = trim(line);
      if (body.starts_with("fix:")) {
        body = trim(body.substr(4));
      }
      whole = whole || body == command;
    }
    EXPECT_TRUE(whole) << "fix command not intact: " << command << "\n" << text;
  }
  // Wrapping moves words to new lines and nothing else.
  report::TextStyle unwrapped = style;
  unwrapped.width = 0;
  std::string flat = report::doctor_to_text(report, unwrapped);
  EXPECT_EQ(words_of(text), words_of(flat));
}

TEST(DoctorText, WrapsProseAt80ColumnsAndKeepsEveryFixCommandWhole) {
  std::size_t overflowing_unwrapped = 0;
  for (const auto& report : captured_reports()) {
    ASSERT_GT(report.count(Status::fail) + report.count(Status::warn), 0);
    for (auto verbosity : {report::Verbosity::normal, report::Verbosity::verbose, report::Verbosity::quiet}) {
      report::TextStyle style{false, verbosity, 80};
      SCOPED_TRACE(static_cast<int>(verbosity));
      expect_fits(report, style);
    }
    for (const auto& line : lines_of(report::doctor_to_text(report, report::TextStyle{}))) {
      overflowing_unwrapped += report::text_columns(line) > 80 ? 1 : 0;
    }
  }
  // The test means something: without a width these reports have lines longer than 80.
  EXPECT_GT(overflowing_unwrapped, 0u);
}

TEST(DoctorText, QuietListsOnlyProblemsAndVerboseTheFactsBehindEveryCheck) {
  for (const auto& report : captured_reports()) {
    std::string normal = report::doctor_to_text(report, report::TextStyle{});
    std::string quiet = report::doctor_to_text(report, report::TextStyle{false, report::Verbosity::quiet, 0});
    std::string verbose = report::doctor_to_text(report, report::TextStyle{false, report::Verbosity::verbose, 0});
    std::size_t rules = 0;
    std::size_t rules_of_problems = 0;
    for (const auto& check : report.checks) {
      std::string head = "  " + std::string(check.status == Status::pass   ? "PASS"
                                             : check.status == Status::warn ? "WARN"
                                             : check.status == Status::fail ? "FAIL"
                                                                            : "SKIP") +
                         "  " + check.title + (check.seen.empty() ? "\n" : ":");
      bool problem = check.status == Status::warn || check.status == Status::fail;
      EXPECT_NE(normal.find(head), std::string::npos) << head;
      EXPECT_EQ(quiet.find(head) != std::string::npos, problem) << head;
      EXPECT_NE(verbose.find(head), std::string::npos) << head;
      rules += check.rule.empty() ? 0 : 1;
      rules_of_problems += check.rule.empty() || !problem ? 0 : 1;
    }
    auto count = [](const std::string& text, std::string_view what) {
      std::size_t n = 0;
      for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
        ++n;
      }
      return n;
    };
    EXPECT_EQ(count(verbose, "rule:   "), rules);
    EXPECT_EQ(count(normal, "rule:   "), rules_of_problems);
    EXPECT_EQ(count(quiet, "rule:   "), rules_of_problems);
    EXPECT_GT(rules, rules_of_problems);  // passes with rules exist: -v shows more
    EXPECT_NE(quiet.find(" pass, "), std::string::npos);  // the counts stay
  }
}

}  // namespace
}  // namespace archfit::doctor::testing
