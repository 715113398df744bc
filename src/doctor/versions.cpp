#include "doctor/versions.hpp"

#include <cctype>

namespace archfit::doctor {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string_view first_line(std::string_view text) {
  auto newline = text.find('\n');
  std::string_view line = text.substr(0, newline);
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) {
    line.remove_suffix(1);
  }
  return line;
}

// The dotted number that starts at text[0] ("12.2.0-14" -> "12.2.0"), or "".
std::string dotted_prefix(std::string_view text) {
  std::size_t end = 0;
  bool dot = false;
  while (end < text.size() && (is_digit(text[end]) || (text[end] == '.' && end + 1 < text.size() &&
                                                         is_digit(text[end + 1])))) {
    dot = dot || text[end] == '.';
    ++end;
  }
  if (end == 0) {
    return {};
  }
  (void)dot;
  return std::string(text.substr(0, end));
}

// The token after `marker` in `text`, as a dotted number.
std::string number_after(std::string_view text, std::string_view marker) {
  auto at = text.find(marker);
  if (at == std::string_view::npos) {
    return {};
  }
  std::string_view rest = text.substr(at + marker.size());
  while (!rest.empty() && rest.front() == ' ') {
    rest.remove_prefix(1);
  }
  return dotted_prefix(rest);
}

}  // namespace

std::string first_dotted_number(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (!is_digit(text[i]) || (i > 0 && (is_digit(text[i - 1]) || text[i - 1] == '.'))) {
      continue;
    }
    std::string candidate = dotted_prefix(text.substr(i));
    if (candidate.find('.') != std::string::npos) {
      return candidate;
    }
  }
  return {};
}

CompilerIdentity identify_compiler(std::string_view output) {
  CompilerIdentity identity;
  identity.line = std::string(first_line(output));
  if (identity.line.empty()) {
    return identity;
  }
  auto clang = identity.line.find("clang version ");
  if (clang != std::string::npos) {
    identity.family = "clang";
    identity.version = number_after(identity.line, "clang version ");
    return identity;
  }
  // GCC: "<prog> (<pkgversion>) <version>"; the pkgversion may itself contain a version.
  bool gnu = output.find("Free Software Foundation") != std::string_view::npos ||
             identity.line.find("(GCC)") != std::string::npos;
  auto close = identity.line.rfind(") ");
  if (close != std::string::npos) {
    std::string version = dotted_prefix(std::string_view(identity.line).substr(close + 2));
    if (!version.empty() && (gnu || identity.line.find(" (") != std::string::npos)) {
      identity.family = gnu ? "gnu" : "other";
      identity.version = version;
      return identity;
    }
  }
  identity.family = "other";
  identity.version = first_dotted_number(identity.line);
  return identity;
}

std::string parse_cmake_version(std::string_view output) { return number_after(output, "cmake version "); }

std::string parse_ninja_version(std::string_view output) { return dotted_prefix(first_line(output)); }

std::string parse_git_version(std::string_view output) { return number_after(output, "git version "); }

std::string parse_nvcc_version(std::string_view output) {
  std::string full = number_after(output, ", V");
  if (!full.empty()) {
    return full;
  }
  return number_after(output, "release ");
}

std::string parse_hip_version(std::string_view output) {
  std::string marked = number_after(output, "HIP version:");
  if (!marked.empty()) {
    return marked;
  }
  std::string_view line = first_line(output);
  while (!line.empty() && line.front() == ' ') {
    line.remove_prefix(1);
  }
  return dotted_prefix(line);
}

std::optional<int> major_of(std::string_view version) { return model::parse_version(version).major(); }

std::string major_minor(std::string_view version) { return model::parse_version(version).major_minor(); }

}  // namespace archfit::doctor
