#include "doctor/conditions.hpp"

#include <array>

#include "doctor/versions.hpp"
#include "model/target_id.hpp"
#include "util/text_lines.hpp"

namespace archfit::doctor {

namespace {

bool is_version_key(std::string_view key) {
  static constexpr std::array<std::string_view, 8> keys = {"project_version", "gcc",  "clang", "cmake",
                                                           "python",          "nvcc", "rocm",  "driver"};
  for (auto candidate : keys) {
    if (key == candidate) {
      return true;
    }
  }
  return false;
}

bool compare(std::string_view key, std::string_view have, std::string_view op, std::string_view want) {
  if (op == "~" || op == "!~") {
    bool matched = glob_match(want, have);
    return op == "~" ? matched : !matched;
  }
  if (op == "=" || op == "==" || op == "!=") {
    bool any = false;
    for (auto alternative : split_fields(want, '|')) {
      bool equal = is_version_key(key) ? compare_versions(have, alternative) == 0 : have == alternative;
      any = any || equal;
    }
    return op == "!=" ? !any : any;
  }
  int order = is_version_key(key) ? compare_versions(have, want) : have.compare(want);
  if (op == "<") {
    return order < 0;
  }
  if (op == "<=") {
    return order <= 0;
  }
  if (op == ">") {
    return order > 0;
  }
  return order >= 0;  // ">="
}

}  // namespace

bool glob_match(std::string_view pattern, std::string_view text) {
  // Iterative matcher with backtracking to the last '*'.
  std::size_t p = 0;
  std::size_t t = 0;
  std::size_t star = std::string_view::npos;
  std::size_t mark = 0;
  while (t < text.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = t;
    } else if (p < pattern.size() && pattern[p] == text[t]) {
      ++p;
      ++t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') {
    ++p;
  }
  return p == pattern.size();
}

Result<bool> evaluate_condition(std::string_view when, const ConditionFacts& facts) {
  if (when.empty() || when == "-") {
    return false;
  }
  static constexpr std::array<std::string_view, 8> operators = {"!~", "!=", "<=", ">=", "==", "~", "<", ">"};
  for (auto term : split_fields(when, ' ')) {
    std::size_t at = 0;
    while (at < term.size() && term[at] != '=' && term[at] != '!' && term[at] != '<' && term[at] != '>' &&
           term[at] != '~') {
      ++at;
    }
    std::string_view key = term.substr(0, at);
    std::string_view rest = term.substr(at);
    std::string_view op;
    for (auto candidate : operators) {
      if (rest.starts_with(candidate)) {
        op = candidate;
        break;
      }
    }
    if (op.empty() && rest.starts_with("=")) {
      op = "=";
    }
    if (key.empty() || op.empty()) {
      return Error{"condition term '" + std::string(term) + "': expected KEY OP VALUE (OP one of = != < <= > >= ~ !~)"};
    }
    static constexpr std::array<std::string_view, 13> known = {
        "project", "project_version", "backend", "cxx", "gcc",    "clang", "cmake",
        "python",  "nvcc",            "rocm",    "driver", "target", "os"};
    bool known_key = key.starts_with("env.") && key.size() > 4;
    for (auto candidate : known) {
      known_key = known_key || key == candidate;
    }
    if (!known_key) {
      return Error{"condition term '" + std::string(term) + "': unknown key '" + std::string(key) + "'"};
    }
    std::string_view want = rest.substr(op.size());
    bool holds = false;
    if (key.starts_with("env.")) {
      std::string have;
      if (facts.environment != nullptr) {
        have = facts.environment->get(key.substr(4)).value_or("");
      }
      holds = compare(key, have, op, want);
    } else if (key == "target") {
      for (const auto& target : facts.targets) {
        std::string_view processor = model::processor_of(target);
        holds = holds || compare(key, processor, op, want);
      }
    } else {
      auto found = facts.values.find(key);
      if (found == facts.values.end() || found->second.empty()) {
        holds = false;
      } else {
        holds = compare(key, found->second, op, want);
      }
    }
    if (!holds) {
      return false;
    }
  }
  return true;
}

}  // namespace archfit::doctor
