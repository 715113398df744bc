// Rules over the whole log (data/error_log_rules.tsv; its header documents the columns): a cause
// that no single line shows, established by values the log names on different lines. The first two conditions
// are about HSA_OVERRIDE_GFX_VERSION against the AMD GPUs the log names (log_facts.hpp): an
// override of another family than every GPU named is the cause and outranks the missing-code errors it
// causes; an override of the family of every GPU named (the usual workaround) is no evidence against
// the override, so the rows that blame any override for a fault or crash withdraw their answer. The
// others: a ptxas of an nvcc build, an override that never reached Ollama's server, and an arch torch
// refused that the log's TORCH_CUDA_ARCH_LIST names, and a GPU fault in a log that brings up no override at all,
// which withdraws the rows that would blame one (data/error_log_rules.tsv's header).
#pragma once

#include <optional>
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
  std::string condition;  // "override-crosses-logged-gpu-family", "override-within-logged-gpu-family", ... (data/error_log_rules.tsv)
  std::string rank;       // "before-gpu-findings", "replaces-category-findings"
  // The signature ids a withdraws-listed-findings rule acts on (the `signatures` column, "a;b"; "-" or
  // an absent column: none).
  std::vector<std::string> signatures;
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

// An override of the family of every GPU the log names.
struct OverrideWithin {
  LoggedValue override_value;   // "10.3.0", with its line
  std::string override_target;  // "gfx1030"
  std::string family;           // "gfx10-3-generic"
  std::vector<LoggedGpu> gpus;  // the GPUs the log names, all of that family
};

// The first override in `facts` when every override the log sets is of one family and every AMD GPU
// the log names (gfx names on an override's own line excepted) is of that family too. None when the
// log names no GPU, when a GPU or an override is of another family (a GPU the override crosses for
// may be the one that failed) or of a family the table does not know.
std::optional<OverrideWithin> find_override_within_family(const LogFacts& facts);

// What the rules leave for the report when they withdrew every finding: the cause, details and fix of
// the "unknown" finding that explain then prints (empty when they withdrew nothing or left a finding).
struct LogRuleOutcome {
  std::string unknown_cause;
  std::vector<std::string> unknown_details;
  std::string unknown_fix;
};

// Applies `rules` whose condition `facts` meets to `findings` (most likely first): a rule of rank
// before-gpu-findings adds its finding there; one of rank replaces-category-findings withdraws the
// findings of its category that come from signatures or second-stage rules and says why, in a detail
// of the finding that then leads or, when none is left, in the returned outcome. To gpu-code-missing
// and gpu-isa-override findings of a log that sets an override but names no GPU, it adds a detail
// saying what is missing to tell whether the override fits.
// A rule of rank withdraws-listed-findings withdraws the findings of the signatures it lists when the log
// brings up no override and `override_here` is false (explain's context saw no HSA_OVERRIDE_GFX_VERSION in
// this machine's environment, or ran without context).
LogRuleOutcome apply_log_rules(const std::vector<LogRule>& rules, const LogFacts& facts, std::vector<Finding>& findings,
                               bool override_here = false);

}  // namespace archfit::explain
