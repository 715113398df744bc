#include "verify/check_process.hpp"

#include <signal.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "probe/system_root.hpp"
#include "util/signal_name.hpp"
#include "util/text_lines.hpp"

namespace archfit::verify {

namespace {

constexpr std::string_view k_marker = "ARCHFIT_RESULT ";
constexpr std::size_t k_tail_lines = 20;

std::vector<std::string> tail_lines(const std::string& text, std::size_t count) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    auto newline = text.find('\n', start);
    std::string line = text.substr(start, newline == std::string::npos ? std::string::npos : newline - start);
    if (!trim(line).empty()) {
      lines.push_back(std::move(line));
    }
    if (newline == std::string::npos) {
      break;
    }
    start = newline + 1;
  }
  if (lines.size() > count) {
    lines.erase(lines.begin(), lines.end() - static_cast<long>(count));
  }
  return lines;
}

}  // namespace

CheckResult interpret_check_output(const probe::CommandResult& result, std::chrono::milliseconds timeout) {
  CheckResult check;
  check.stderr_tail = tail_lines(result.err, k_tail_lines);
  if (!result.started) {
    check.status = model::Status::fail;
    check.seen = "could not start: " + result.start_error;
    return check;
  }
  // The result line, if the check got that far.
  auto at = result.out.rfind(k_marker);
  if (at != std::string::npos && (at == 0 || result.out[at - 1] == '\n')) {
    std::string line = result.out.substr(at + k_marker.size());
    line = line.substr(0, line.find('\n'));
    auto json = nlohmann::json::parse(line, nullptr, false);
    if (!json.is_discarded() && json.is_object()) {
      // The check scripts report pass | fail | skip; anything else is not a result: fail.
      auto status = model::status_from_name(json.value("status", "fail"));
      check.status = status == model::Status::pass || status == model::Status::skip ? *status : model::Status::fail;
      check.seen = json.value("summary", "");
      if (json.contains("evidence") && json["evidence"].is_array()) {
        for (const auto& item : json["evidence"]) {
          check.evidence.push_back(item.is_string() ? item.get<std::string>() : item.dump());
        }
      }
      if (json.contains("metrics") && json["metrics"].is_object()) {
        for (const auto& [name, value] : json["metrics"].items()) {
          if (value.is_number()) {
            check.metrics[name] = value.get<double>();
          }
        }
      }
      if (!result.succeeded() && check.status == model::Status::pass) {
        check.status = model::Status::fail;
        check.seen += fmt::format(" (but the process then exited with {})",
                                     result.signal != 0 ? signal_name(result.signal) : std::to_string(result.exit_code));
      }
      return check;
    }
  }
  check.status = model::Status::fail;
  if (result.timed_out) {
    check.crash = fmt::format("timeout after {} s", timeout.count() / 1000);
    check.seen = "hung: killed after " + std::to_string(timeout.count() / 1000) + " s";
  } else if (result.signal != 0) {
    check.crash = signal_name(result.signal);
    check.seen = "crashed with " + check.crash;
  } else {
    check.seen = fmt::format("exited with status {} before reporting a result", result.exit_code);
    if (!check.stderr_tail.empty()) {
      check.seen += ": " + check.stderr_tail.back();
    }
  }
  return check;
}

CheckResult run_check_process(const probe::CommandRunner& runner, const std::vector<std::string>& argv,
                              const probe::Environment& environment, std::chrono::milliseconds timeout) {
  auto start = std::chrono::steady_clock::now();
  auto result = runner.run(argv, environment, timeout);
  CheckResult check = interpret_check_output(result, timeout);
  check.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return check;
}

}  // namespace archfit::verify
