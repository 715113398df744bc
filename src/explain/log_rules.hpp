// Rules over the whole log (data/error_log_rules.tsv; its header documents the columns): a cause
// that no single line shows, established by values the log names on different lines. The one
// condition so far: an HSA_OVERRIDE_GFX_VERSION whose processor is of another family than every AMD
// GPU the log names (log_facts.hpp), which outranks the missing-code errors such an override causes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "explain/explanation.hpp"
#include "explain/log_facts.hpp"
#include "util/result.hpp"

namespace archfit::explain {

struct LogRule {
  std::string id;
  std::string category;
  std::string condition;  // "override-crosses-logged-gpu-family"
  std::string rank;       // "before-gpu-findings"
  std::string cause;
  std::string fix;
  std::string source;
};

// Parses a table in the error_log_rules.tsv format. Fails, naming the row, on an unknown category,
// condition or rank, or a repeated id.
Result<std::vector<LogRule>> parse_log_rules(std::string_view text, std::string_view name);

// The table embedded from data/error_log_rules.tsv, parsed once (empty when absent or malformed:
// tests/explain/log_rules_test.cpp fails on both).
const std::vector<LogRule>& builtin_log_rules();

// An override that presents every GPU the log names as a processor of another family.
struct OverrideCrossing {
  LoggedValue override_value;   // "10.3.0", with its line
  std::string override_target;  // "gfx1030"
  std::string override_family;  // "gfx10-3-generic"
  std::vector<LoggedGpu> gpus;  // the GPUs the log names (none of the override's family)
  std::vector<std::string> gpu_families;  // parallel to gpus
};

// The first override in `facts` whose family differs from that of every GPU the log names (gfx names
// on the override's own line are its value, not a GPU). None when the log names no GPU, when one
// named GPU is of the override's family (even its very processor: the override may fit that GPU,
// and a second one be the other family's), or when a family is unknown.
std::optional<OverrideCrossing> find_override_crossing(const LogFacts& facts);

// Adds the findings of `rules` whose condition `facts` meets to `findings` (most likely first), at
// the place their rank names; and, to gpu-code-missing and gpu-isa-override findings of a log that
// sets an override but names no GPU, a detail saying what is missing to tell whether it fits.
void apply_log_rules(const std::vector<LogRule>& rules, const LogFacts& facts, std::vector<Finding>& findings);

}  // namespace archfit::explain
