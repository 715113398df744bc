#include "probe/environment.hpp"

extern char** environ;  // NOLINT: POSIX

namespace archfit::probe {

Environment Environment::current() {
  std::map<std::string, std::string> variables;
  for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
    std::string_view text = *entry;
    auto equals = text.find('=');
    if (equals == std::string_view::npos) {
      continue;
    }
    variables.emplace(std::string(text.substr(0, equals)), std::string(text.substr(equals + 1)));
  }
  return Environment(std::move(variables));
}

std::optional<std::string> Environment::get(std::string_view name) const {
  auto found = m_variables.find(std::string(name));
  if (found == m_variables.end()) {
    return std::nullopt;
  }
  return found->second;
}

}  // namespace archfit::probe
