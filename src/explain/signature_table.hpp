// The error signatures of data/error_signatures.tsv (its comment header documents the columns),
// compiled: each pattern lower-cased (matching_pattern) as a case-sensitive std::regex, plus the literals it cannot
// match without (required_literals.hpp, lower-cased), which the log scanner uses as a prefilter. Patterns are
// matched against a line's matching form (line_normalizer.hpp: no prompts, no quotes, lower case), so a row is
// written as the tool prints its message and matches whatever case a paste gives it.
//
// The second stage (data/error_facets.tsv, data/error_facet_rules.tsv): for lines no signature
// catches, facets name the tool that speaks, the object it speaks of and the symptom; a rule maps a
// (tool, object, symptom) combination to a category. Each rule becomes a Signature after the table's
// rows, so that findings, ranking and refinement treat both stages alike.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.hpp"

namespace archfit::explain {

// The categories scripts may rely on (docs/explain.md); "unknown" is explain's own, for a log
// that no signature matched.
inline constexpr std::array<std::string_view, 14> k_categories = {
    "gpu-code-missing", "cpu-isa",          "gpu-isa-override", "triton-mismatch", "libstdcxx-version",
    "abi-mismatch",     "rocm-path",        "compiler-version", "missing-headers", "cmake-version",
    "oom",              "arch-detect",      "triton-compile",   "unknown"};

bool is_known_category(std::string_view category);

struct Signature {
  std::string id;
  std::string category;
  std::string pattern;
  std::string cause;
  std::string fix;
  std::string source;
  std::regex regex;
  std::vector<std::string> literals;  // prefilter; empty: run the regex on every line
  // Second stage only: "tool: linker, object: any, symptom: killed" (empty for table rows).
  std::string facets;
};

// How far an object facet shown on one line counts (error_facets.tsv, column `carry`): on that
// line only, on the later lines of the CMake message that showed it ("CMake Error at …" and the
// indented lines under it), or on every later line of the log.
enum class FacetCarry { none, message, log };

// One facet of the second stage: a way a tool, an object or a symptom shows in a line.
struct Facet {
  std::string kind;  // "tool", "object" or "symptom"
  std::string id;
  std::string pattern;
  std::regex regex;
  std::vector<std::string> literals;  // lower-cased prefilter, as for signatures
  FacetCarry carry = FacetCarry::none;
  // What a line must match for the facet to count on the later lines of its scope (column
  // `carry_pattern`; "-" there: the facet's own pattern). A line that only names
  // HSA_OVERRIDE_GFX_VERSION shows the object, but only one that sets it carries it.
  std::optional<std::regex> carry_regex;
  // The carry regex runs only on lines that contain one of these texts, in the matching form
  // (column `carry_prefilter`); empty when not carried.
  std::vector<std::string> carry_prefilter;

  const std::regex& carried_by() const { return carry_regex ? *carry_regex : regex; }
};

// A rule of the second stage: the facets a line must show (empty tool/object: any) for the
// category of signatures[signature].
struct FacetRule {
  std::size_t signature = 0;
  std::string tool;
  std::string object;
  std::string symptom;
  // Indices into SignatureSet::facets; -1 for "any".
  int tool_facet = -1;
  int object_facet = -1;
  int symptom_facet = -1;
};

struct ScanPrefilter;  // scan_prefilter.hpp

struct SignatureSet {
  std::vector<Signature> signatures;  // file order = priority order; second-stage rules last
  std::size_t first_stage = 0;        // signatures[0, first_stage) are error_signatures.tsv's rows
  std::vector<Facet> facets;
  std::vector<FacetRule> rules;
  // The scanners' prefilter automata, built once for this set (builtin_signatures() builds them;
  // null elsewhere, and then each LogScanner builds its own).
  std::shared_ptr<const ScanPrefilter> prefilter;

  // Index of the signature named `id`, or -1.
  int find(std::string_view id) const;
};

// Parses and compiles a table in the error_signatures.tsv format. Fails, naming the row, on a
// missing column, an unknown category, a duplicate id or a pattern std::regex rejects.
Result<SignatureSet> parse_signatures(std::string_view text, std::string_view name);

// Adds the second stage to `set`: facets in the error_facets.tsv format, rules in the
// error_facet_rules.tsv format. Fails, naming the row, on an unknown kind or category, a rule that
// names an undefined facet or has no symptom, an id that repeats a signature's, or a bad pattern;
// on a `carry` other than none/message/log, a carried facet that is not an object, and a carried
// facet without a prefilter literal of 3 or more characters (or a prefilter on one not carried).
// The columns carry and carry_prefilter are optional: without them no facet is carried.
Status add_second_stage(SignatureSet& set, std::string_view facets_text, std::string_view rules_text);

// The table embedded from data/error_signatures.tsv, compiled once (thread-safe).
Result<std::shared_ptr<const SignatureSet>> builtin_signatures();

}  // namespace archfit::explain
