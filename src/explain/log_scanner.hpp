// The streaming half of `explain`: lines go in one at a time (from a file read in blocks, or from
// a running command's pipes) and only a bounded summary is kept — per signature the number of
// matching lines and the first few of them, the most error-like lines, and the values the log
// mentions (log_facts.hpp). Memory does not grow with the log.
//
// Matching: each line is reduced to its visible text (line_splitter.hpp) and then to its matching
// form (line_normalizer.hpp); one pass of the literal set finds the signatures whose required
// literals occur, and only those signatures' regexes run, in table order; the first that matches
// owns the line (data/error_signatures.tsv: "report the first matching row in file order").
// A line nothing matched is tried once more joined to the unmatched lines before it (a message that
// a browser, a terminal or a mail client wrapped over several lines), and then by the second stage
// (facets: tool, object, symptom).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "explain/error_likeness.hpp"
#include "explain/log_facts.hpp"
#include "explain/scan_prefilter.hpp"
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
  // A line shorter than this (in columns) was not wrapped: a join never starts with it.
  static constexpr std::size_t k_min_wrapped_chars = 40;
  // Of the first line of a join, the join keeps this many bytes before the break (a message is not
  // longer); a longer line can only start a join.
  static constexpr std::size_t k_join_context = 256;
  // A wrapped message is joined over at most this many physical lines, the last one included.
  static constexpr std::size_t k_wrap_lines = 12;
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
  // The row the second stage's rules give `matching`, or -1; sets m_line_symptom.
  int second_stage_row(std::string_view matching);
  // Whether this line belongs to a CMake message: "CMake Error at X (message):" and the indented
  // lines under it, which carry the message text but not CMake's name. A new message, or a line
  // outside one, ends what the message-carried facets carried.
  void track_cmake_message(std::string_view visible, std::string_view matching);
  // The carried facets (error_facets.tsv `carry`) this line shows count for the later lines of
  // their scope: its CMake message, or the log.
  void track_carried_facets(std::string_view matching);
  void keep_if_error_like(std::string_view text);

  std::shared_ptr<const SignatureSet> m_signatures;
  std::shared_ptr<const ScanPrefilter> m_prefilter;  // the set's own, or built for this scanner
  const ScanPrefilter& prefilter() const { return *m_prefilter; }
  std::vector<std::uint32_t> m_seen;
  std::uint32_t m_stamp = 0;
  std::vector<std::size_t> m_candidates;      // scratch: signatures to try on this line
  std::string m_json_decoded;                 // scratch: a JSON-kept line's strings, unescaped
  std::string m_visible;                      // scratch: the line's visible text
  std::string m_pasted;                       // scratch: it with the marks of pasting undone (for the facts)
  std::string m_matching;                     // scratch: its matching form
  // Wrapped messages: the unmatched lines just before this one that a join may span (a ring of
  // k_wrap_lines - 1 pieces, oldest first; the first is at least k_min_wrapped_chars columns long).
  struct WrapPiece {
    std::uint64_t line = 0;
    std::string matching;   // its matching form (the first piece's last k_join_context bytes)
    std::string visible;    // its visible text, cut to k_evidence_chars
    std::size_t columns = 0;  // of the visible text
    bool indented = false;    // the visible text starts with a blank
    std::vector<std::size_t> candidates;  // its rows, and those of literals across the break before it
    bool symptom = false;        // it shows a second-stage symptom's literal
    bool break_symptom = false;  // the break before it does
  };
  // How the breaks of a join are read: all at blanks (a browser's or a mail client's word wrap), or
  // at a fixed column (a terminal's hard wrap, a browser breaking a long word): a piece as long as
  // the widest of the pieces wrapped at that column was cut mid-word, a shorter one at a blank the
  // copy dropped; a continuation's leading blanks are an indent, or (hard_blank) the cut blank. The
  // pieces cut at a column are those just before this line whose widths lie within one column of
  // each other (hard, hard_blank: a long word cut after shorter lines), or the widest of all the
  // join's pieces (hard_widest: a word cut before a shorter last piece).
  enum class WrapReading { soft, hard, hard_widest, hard_blank };
  const WrapPiece& wrap_piece(std::size_t index) const {
    return m_wrap[(m_wrap_first + index) % m_wrap.size()];
  }
  // Tries the pieces and this line joined; records a hit and returns true when a row above `limit` matches.
  bool match_wrapped(std::string_view visible, std::size_t limit);
  // The same for the second stage, when nothing else matched this line.
  bool match_wrapped_second_stage(std::string_view visible);
  // The join of pieces [start, count) and this line, as `reading` reads its breaks.
  void build_join(std::size_t start, WrapReading reading, std::string_view matching, std::string_view visible,
                  std::string& out, std::string* out_visible) const;
  // Records `row`'s hit on the shortest join, as `reading` reads it, that `still_matches` accepts (the
  // whole join does): the message starts at that join's first physical line.
  template <class StillMatches>
  void record_shortest_join(WrapReading reading, std::string_view visible, int row, StillMatches&& still_matches);
  void push_wrap_piece(std::string_view visible);
  std::vector<WrapPiece> m_wrap;
  std::size_t m_wrap_first = 0;
  std::size_t m_wrap_count = 0;
  std::vector<std::size_t> m_break_candidates;  // scratch: rows of literals across the last break
  bool m_break_symptom = false;                 // a symptom's literal spans the last break
  bool m_line_symptom = false;                  // the last second_stage_row saw a symptom's literal
  std::vector<std::size_t> m_join_candidates;   // scratch
  std::string m_joined_matching;                // scratch
  std::string m_joined_visible;                 // scratch
  // Scratch of the second stage's prefilter, as for the signatures.
  std::vector<std::uint32_t> m_facet_seen;
  std::uint32_t m_facet_stamp = 0;
  // The symptoms' literals alone: the scan across a wrap's break asks only whether one shows.
  std::vector<std::uint32_t> m_symptom_seen;
  std::uint32_t m_symptom_stamp = 0;
  // Per facet, for the line being read: its literal is absent, or its regex is untried, shown, absent.
  static constexpr std::uint8_t k_facet_absent = 0;
  static constexpr std::uint8_t k_facet_untried = 1;
  static constexpr std::uint8_t k_facet_shown = 2;
  std::vector<std::uint8_t> m_facet_state;
  // The line is CMake's (a "CMake Error" line or an indented line of its message): the second
  // stage's tool `cmake` is shown on it.
  bool m_in_cmake_message = false;
  // archfit's own reports pasted into the log: a rule's, a cause's or a fix's text quotes error messages as
  // advice ("… stops with \"No GPU arch specified for ROCm build\""), which is no failure of the log. The text
  // renderer's "        rule:   …" lines and their wrapped continuations (report/finding_text.cpp), and the values
  // of "rule", "cause", "fix" and "source" once a line opened archfit's JSON ("schema": "archfit.…"), are skipped.
  bool m_in_archfit_advice = false;
  bool m_archfit_json = false;
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
