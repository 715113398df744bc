// The prefilters LogScanner runs on every line: which rows' required literals occur in it, found in
// one pass (literal_set.hpp), so that only those rows' regexes run. One automaton for the first
// stage's rows, one for the second stage's facets, one for the symptoms alone (the scan across a
// wrapped message's break). They depend only on the signature set, and building their DFA tables
// is most of a scanner's set-up (about 12 ms), so they are built once per set: builtin_signatures()
// keeps them with the embedded table (SignatureSet::prefilter); a scanner of any other set builds
// its own. A command makes one scanner and gains nothing; what makes many (the tests: one per log,
// one per pasted line) no longer pays for the tables each time.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "explain/literal_set.hpp"
#include "explain/signature_table.hpp"

namespace archfit::explain {

struct ScanPrefilter {
  explicit ScanPrefilter(const SignatureSet& set);

  // The set these were built from: a copy of a set (another address) does not use them.
  const SignatureSet* built_for = nullptr;
  // First stage. Declared before literal_texts, whose initialiser fills them.
  std::vector<std::size_t> literal_owner;  // literal index → signature index
  std::vector<std::size_t> unfiltered;     // signatures without a prefilter
  std::vector<std::string> literal_texts;
  LiteralSet literals;
  std::size_t longest_literal = 0;
  // Second stage, as for the signatures.
  std::vector<std::size_t> facet_literal_owner;  // literal index → facet index
  std::vector<std::size_t> unfiltered_facets;
  std::vector<std::string> facet_literal_texts;
  LiteralSet facet_literals;
  // The symptoms' literals alone.
  std::vector<std::string> symptom_literal_texts;
  LiteralSet symptom_literals;
  std::size_t longest_symptom_literal = 0;
};

// `set`'s own prefilter when it was built for `set`, else a new one.
std::shared_ptr<const ScanPrefilter> prefilter_for(const SignatureSet& set);

}  // namespace archfit::explain
