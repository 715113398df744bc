// Redaction: what `archfit report` removes before a report is pasted into a public issue. The rules
// are data (data/redaction_rules.tsv): environment variables and files whose values name a person, a
// machine or one physical GPU (HOME, USER, the host name, AMD serial numbers and unique IDs), and
// patterns that need no value (GPU-/MIG- UUIDs, the name of a home directory under /home).
//
//   Redactor redactor = Redactor::for_machine(root, environment);
//   redactor.add_value(gpu.uuid, "GPU-[uuid]", "GPU UUID");   // values known only to the caller
//   std::string safe = redactor.redact(text);                  // text and JSON alike
//
// A value is replaced only as a whole word (the characters around it are not letters, digits, '_'
// or '.'), so a user called "ai" or "root" does not mangle "ainb" or "sysroot". Placeholders contain
// no JSON-special characters: redacting a JSON document keeps it valid.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "knowledge/tsv_table.hpp"
#include "probe/environment.hpp"
#include "probe/system_root.hpp"

namespace archfit::report {

class Redactor {
 public:
  // The rules of `table` (the columns of data/redaction_rules.tsv) applied to this machine: each
  // `env` variable's value and each `file`'s content become values to replace.
  static Redactor from_rules(const knowledge::TsvTable& table, const probe::SystemRoot& root,
                             const probe::Environment& environment);
  // from_rules with the embedded data/redaction_rules.tsv.
  static Redactor for_machine(const probe::SystemRoot& root, const probe::Environment& environment);

  // One more value to replace (ignored when shorter than 3 characters).
  void add_value(std::string_view value, std::string_view placeholder, std::string_view what);

  std::string redact(std::string_view text) const;

  // The kinds of values this redactor removes, in rule order without repeats ("home directory",
  // "user name", ...): the report says what was removed.
  std::vector<std::string> kinds() const;

 private:
  struct Value {
    std::string text;
    std::string placeholder;
  };
  struct Pattern {
    bool path = false;  // a `path` row; otherwise `prefix`
    std::string name;
    std::string placeholder;
  };
  std::vector<Value> m_values;  // longest first, so a home path goes before the user name in it
  std::vector<Pattern> m_patterns;
  std::vector<std::string> m_kinds;
};

}  // namespace archfit::report
