// The streaming half of `explain`: lines go in one at a time (from a file read in blocks, or from
// a running command's pipes) and only a bounded summary is kept — per signature the number of
// matching lines and the first few of them, the most error-like lines, and the values the log
// mentions (log_facts.hpp). Memory does not grow with the log.
//
// Matching: each line is reduced to its visible text (line_splitter.hpp) and then to its matching
// form (line_normalizer.hpp); one pass of the literal set finds the signatures whose required
// literals occur, and only those signatures' regexes run, in table order; the first that matches
// owns the line (data/error_signatures.tsv: "report the first matching row in file order").
// A line nothing matched is tried once more joined to the line before it (a message wrapped by the
// browser it was copied from), and then by the second stage (facets: tool, object, symptom).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "explain/error_likeness.hpp"
#include "explain/literal_set.hpp"
#include "explain/log_facts.hpp"
#include "explain/signature_table.hpp"

namespace archfit::explain {

struct EvidenceLine {
  std::uint64_t line = 0;  // 1-based; 0 when the evidence is not a log line (a signal archfit run saw)
  std::string text;
};

struct SignatureHit {
  std::size_t signature = 0;  // index into SignatureSet::signatures
  std::uint64_t count = 0;    // matching lines
  std::vector<EvidenceLine> evidence;  // the first k_evidence_per_signature of them
};

struct LogMatches {
  std::uint64_t lines = 0;
  std::vector<SignatureHit> hits;        // table order
  std::vector<EvidenceLine> error_like;  // the most error-like lines, in log order
  LogFacts facts;
};

class LogScanner {
 public:
  static constexpr std::size_t k_evidence_per_signature = 3;
  static constexpr std::size_t k_error_like_lines = 3;
  // A line shorter than this was not wrapped: it is not joined to the next one.
  static constexpr std::size_t k_min_wrapped_chars = 40;
  // Of a wrapped line, the join keeps this many bytes before the break (a message is not longer).
  static constexpr std::size_t k_join_context = 256;
  static constexpr std::size_t k_evidence_chars = 400;
  // The regex sees at most this much of a line, centred on the required literal: libstdc++'s
  // std::regex recurses per character and must not meet a 64 KiB line.
  static constexpr std::size_t k_regex_window = 4096;

  explicit LogScanner(std::shared_ptr<const SignatureSet> signatures);

  void add_line(std::string_view raw_line);
  // `archfit run`: the command died of `signal`. SIGILL and SIGKILL are evidence of their own
  // (signatures illegal-instruction and exit-137).
  void add_termination_signal(int signal);

  // The summary so far (the scanner can go on afterwards).
  LogMatches matches() const;
  const SignatureSet& signatures() const { return *m_signatures; }

 private:
  // One line of the log (a physical line, or a piece of one that kept a log in JSON strings).
  void add_visible_line(std::string_view raw_line);
  void record_hit(std::size_t signature, std::uint64_t line, std::string_view text);
  bool signature_matches(const Signature& signature, std::string_view text) const;
  // The rows whose literals occur in `matching` (and those without a prefilter), sorted.
  void collect_candidates(std::string_view matching, std::vector<std::size_t>& out);
  // Index of the first of `candidates`, below `limit`, whose regex matches `matching`; -1 for none.
  int first_match(const std::vector<std::size_t>& candidates, std::string_view matching, std::size_t limit) const;
  // The second stage: the facets `matching` shows, and the one category the rules give them.
  bool match_second_stage(std::string_view matching, std::uint64_t line, std::string_view evidence);
  // Whether this line belongs to a CMake message: "CMake Error at X (message):" and the indented
  // lines under it, which carry the message text but not CMake's name. A new message, or a line
  // outside one, ends what the message-carried facets carried.
  void track_cmake_message(std::string_view visible, std::string_view matching);
  // The carried facets (error_facets.tsv `carry`) this line shows count for the later lines of
  // their scope: its CMake message, or the log.
  void track_carried_facets(std::string_view matching);
  void keep_if_error_like(std::string_view text);

  std::shared_ptr<const SignatureSet> m_signatures;
  // Declared before m_literal_texts, whose initialiser fills them.
  std::vector<std::size_t> m_literal_owner;   // literal index → signature index
  std::vector<std::size_t> m_unfiltered;      // signatures without a prefilter
  std::vector<std::string> m_literal_texts;
  LiteralSet m_literals;
  std::vector<std::uint32_t> m_seen;
  std::uint32_t m_stamp = 0;
  std::vector<std::size_t> m_candidates;      // scratch: signatures to try on this line
  std::string m_json_decoded;                 // scratch: a JSON-kept line's strings, unescaped
  std::string m_visible;                      // scratch: the line's visible text
  std::string m_pasted;                       // scratch: it with the marks of pasting undone (for the facts)
  std::string m_matching;                     // scratch: its matching form
  std::string m_joined_matching;              // scratch: previous + this line (wrapped messages)
  std::string m_joined_visible;
  std::uint64_t m_previous_line = 0;          // 0: the previous line is not a join candidate
  std::string m_previous_matching;
  std::string m_previous_visible;
  std::vector<std::size_t> m_previous_candidates;
  std::vector<std::size_t> m_join_candidates;
  std::size_t m_longest_literal = 0;
  // The second stage's prefilter, as for the signatures.
  std::vector<std::size_t> m_facet_literal_owner;
  std::vector<std::size_t> m_unfiltered_facets;
  std::vector<std::string> m_facet_literal_texts;
  LiteralSet m_facet_literals;
  std::vector<std::uint32_t> m_facet_seen;
  std::uint32_t m_facet_stamp = 0;
  // Per facet, for the line being read: its literal is absent, or its regex is untried, shown, absent.
  static constexpr std::uint8_t k_facet_absent = 0;
  static constexpr std::uint8_t k_facet_untried = 1;
  static constexpr std::uint8_t k_facet_shown = 2;
  std::vector<std::uint8_t> m_facet_state;
  // The line is CMake's (a "CMake Error" line or an indented line of its message): the second
  // stage's tool `cmake` is shown on it.
  bool m_in_cmake_message = false;
  // The facets with a carry scope (indices into SignatureSet::facets), and per facet whether a
  // line of its scope showed it: CMake prints if()'s arguments and "Unknown arguments specified"
  // on separate lines of one message; a user names the CMake 2.x they ran lines before its parse
  // error; Ollama prints HSA_OVERRIDE_GFX_VERSION lines before the runner crashes.
  std::vector<std::size_t> m_carried_facets;
  std::vector<std::uint8_t> m_carried;
  ErrorLikeness m_error_likeness;
  struct ScoredLine {
    int score = 0;
    EvidenceLine line;
  };
  std::vector<ScoredLine> m_error_like;

  std::uint64_t m_lines = 0;
  std::vector<SignatureHit> m_hits;  // one per signature
  LogFacts m_facts;
};

// `text` cut to at most `limit` bytes without splitting a UTF-8 character, with "…" when cut.
std::string clip_text(std::string_view text, std::size_t limit);

}  // namespace archfit::explain
