// The process environment as a value, so that probes can be given any environment (the tests,
// `--env` style overrides) instead of reading the real one behind the caller's back.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace archfit::probe {

class Environment {
 public:
  Environment() = default;
  explicit Environment(std::map<std::string, std::string> variables) : m_variables(std::move(variables)) {}

  // The environment of this process (environ).
  static Environment current();

  // nullopt when unset; "" when set to the empty string (which often means something: "no GPUs").
  std::optional<std::string> get(std::string_view name) const;
  void set(std::string name, std::string value) { m_variables[std::move(name)] = std::move(value); }
  void unset(const std::string& name) { m_variables.erase(name); }
  const std::map<std::string, std::string>& all() const { return m_variables; }

 private:
  std::map<std::string, std::string> m_variables;
};

}  // namespace archfit::probe
