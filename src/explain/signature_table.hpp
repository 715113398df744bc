// The error signatures of data/error_signatures.tsv (its comment header documents the columns),
// compiled: each pattern as a std::regex plus the literals it cannot match without
// (required_literals.hpp), which the log scanner uses as a prefilter.
#pragma once

#include <array>
#include <memory>
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
};

struct SignatureSet {
  std::vector<Signature> signatures;  // file order = priority order

  // Index of the signature named `id`, or -1.
  int find(std::string_view id) const;
};

// Parses and compiles a table in the error_signatures.tsv format. Fails, naming the row, on a
// missing column, an unknown category, a duplicate id or a pattern std::regex rejects.
Result<SignatureSet> parse_signatures(std::string_view text, std::string_view name);

// The table embedded from data/error_signatures.tsv, compiled once (thread-safe).
Result<std::shared_ptr<const SignatureSet>> builtin_signatures();

}  // namespace archfit::explain
