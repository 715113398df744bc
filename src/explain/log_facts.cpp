#include "explain/log_facts.hpp"

#include <algorithm>
#include <cctype>

#include "detect/gfx_target_version.hpp"

namespace archfit::explain {

namespace {

bool is_path_delimiter(char c) {
  return c == ' ' || c == '\t' || c == '\'' || c == '"' || c == '`' || c == '(' || c == ')' || c == '[' ||
         c == ']' || c == '{' || c == '}' || c == ',' || c == ';' || c == '<' || c == '>' || c == '=';
}

// "libx.so", "libx.so.1", "libx.so.1.2": the name ends in ".so" plus optional numeric parts.
bool is_shared_object_name(std::string_view path) {
  std::size_t so = path.rfind(".so");
  if (so == std::string_view::npos || so + 3 > path.size()) {
    return false;
  }
  std::string_view rest = path.substr(so + 3);
  while (!rest.empty()) {
    if (rest.front() != '.' || rest.size() < 2 || !std::isdigit(static_cast<unsigned char>(rest[1]))) {
      return false;
    }
    rest.remove_prefix(1);
    while (!rest.empty() && std::isdigit(static_cast<unsigned char>(rest.front()))) {
      rest.remove_prefix(1);
    }
  }
  return path.find('/') != std::string_view::npos;
}

void add_unique(std::vector<LoggedValue>& list, std::size_t limit, std::string value, std::uint64_t line) {
  if (list.size() >= limit) {
    return;
  }
  for (const auto& known : list) {
    if (known.value == value) {
      return;
    }
  }
  list.push_back({line, std::move(value)});
}

}  // namespace

std::vector<std::string> shared_object_paths(std::string_view text) {
  std::vector<std::string> paths;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_path_delimiter(text[i])) {
      ++i;
    }
    std::size_t start = i;
    while (i < text.size() && !is_path_delimiter(text[i])) {
      ++i;
    }
    std::string_view token = text.substr(start, i - start);
    // "/x/libfoo.so:" (an ImportError) and "/x/libfoo.so." (end of a sentence) end in punctuation.
    while (!token.empty() && (token.back() == ':' || token.back() == '.')) {
      token.remove_suffix(1);
    }
    // A token may carry a prefix before the path: "from:/x.so" is rare, "ImportError:/x" never.
    std::size_t slash = token.find('/');
    if (slash != std::string_view::npos && slash > 0 && token[slash - 1] == ':') {
      token.remove_prefix(slash);
    }
    if (!token.empty() && token.front() == '/' && is_shared_object_name(token)) {
      paths.emplace_back(token);
    }
  }
  return paths;
}

void LogFacts::collect(std::string_view line, std::uint64_t number) {
  if (libraries.size() < k_max_libraries && line.find(".so") != std::string_view::npos) {
    for (auto& path : shared_object_paths(line)) {
      add_unique(libraries, k_max_libraries, std::move(path), number);
    }
  }
  for (std::size_t at = line.find("-packages/"); at != std::string_view::npos && packages.size() < k_max_packages;
       at = line.find("-packages/", at + 1)) {
    std::size_t start = at;
    while (start > 0 && !is_path_delimiter(line[start - 1])) {
      --start;
    }
    std::size_t name_start = at + 10;
    std::size_t end = name_start;
    while (end < line.size() && line[end] != '/' && !is_path_delimiter(line[end]) && line[end] != ':') {
      ++end;
    }
    std::string_view root = line.substr(start, end - start);
    std::string_view name = line.substr(name_start, end - name_start);
    // Directories only: "site-packages/torch", not "site-packages/flash_attn_2_cuda.cpython-310-….so".
    if (!root.empty() && root.front() == '/' && !name.empty() && name.find('.') == std::string_view::npos &&
        end < line.size() && line[end] == '/') {
      add_unique(packages, k_max_packages, std::string(root), number);
    }
  }
  static constexpr std::string_view k_override = "HSA_OVERRIDE_GFX_VERSION";
  for (std::size_t at = line.find(k_override); at != std::string_view::npos && overrides.size() < k_max_overrides;
       at = line.find(k_override, at + 1)) {
    std::size_t i = at + k_override.size();
    while (i < line.size() && (line[i] == ' ' || line[i] == '=' || line[i] == ':' || line[i] == '"' || line[i] == '\'')) {
      ++i;
    }
    std::size_t end = i;
    while (end < line.size() && (std::isdigit(static_cast<unsigned char>(line[end])) || line[end] == '.')) {
      ++end;
    }
    std::string_view value = line.substr(i, end - i);
    if (detect::parse_gfx_override(value)) {
      add_unique(overrides, k_max_overrides, std::string(value), number);
    }
  }
}

}  // namespace archfit::explain
