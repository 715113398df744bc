#include "explain/log_scanner.hpp"

#include <algorithm>
#include <csignal>

#include <fmt/format.h>

#include "explain/line_normalizer.hpp"
#include "explain/line_splitter.hpp"
#include "util/utf8.hpp"
#include "util/utf8.hpp"

namespace archfit::explain {

namespace {

// The regex sees at most k_window bytes of `text`, centred on the first of `literals` found.
bool search_window(const std::regex& regex, const std::vector<std::string>& literals, std::string_view text,
                   std::size_t window) {
  if (text.size() > window) {
    std::size_t at = 0;
    for (const auto& literal : literals) {
      std::size_t found = text.find(literal);
      if (found != std::string_view::npos) {
        at = found;
        break;
      }
    }
    std::size_t start = at > window / 2 ? at - window / 2 : 0;
    text = text.substr(start, window);
  }
  return std::regex_search(text.begin(), text.end(), regex);
}

// A Python traceback's frame line: `  File "/x/y.py", line 12, in f`.
bool is_traceback_frame(std::string_view visible) {
  std::size_t at = visible.find_first_not_of(" \t");
  return at != std::string_view::npos && visible.substr(at).starts_with("File \"") &&
         visible.find("\", line ", at) != std::string_view::npos;
}

// A compiler's diagnostic ("src/a.cpp:12:5: warning: …", error, note) or the indented source
// excerpt under it ("   12 |   int x;", gcc 9 and later): each starts a line of its own.
bool is_diagnostic_start(std::string_view visible) {
  std::size_t at = visible.find_first_not_of(" \t");
  if (at == std::string_view::npos) {
    return false;
  }
  std::string_view text = visible.substr(at);
  std::size_t digits = text.find_first_not_of("0123456789");
  if (at > 0 && digits > 0 && digits != std::string_view::npos && text.substr(digits).starts_with(" | ")) {
    return true;
  }
  std::size_t colon = text.find(':');
  if (colon == 0 || colon == std::string_view::npos || text.substr(0, colon).find(' ') != std::string_view::npos) {
    return false;
  }
  for (int field = 0; field < 2; ++field) {
    std::size_t end = text.find_first_not_of("0123456789", colon + 1);
    if (end == colon + 1 || end == std::string_view::npos || text[end] != ':') {
      return false;
    }
    colon = end;
  }
  std::string_view kind = text.substr(colon + 1);
  return kind.starts_with(" warning:") || kind.starts_with(" error:") || kind.starts_with(" note:") ||
         kind.starts_with(" fatal error:");
}

}  // namespace

std::string clip_text(std::string_view text, std::size_t limit) {
  if (text.size() <= limit) {
    return std::string(text);
  }
  std::size_t cut = limit;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80) {
    --cut;  // do not split a UTF-8 sequence
  }
  return std::string(text.substr(0, cut)) + "…";
}

LogScanner::LogScanner(std::shared_ptr<const SignatureSet> signatures)
    : m_signatures(std::move(signatures)),
      m_prefilter(prefilter_for(*m_signatures)),
      m_seen(m_prefilter->literal_texts.size(), 0),
      m_facet_seen(m_prefilter->facet_literal_texts.size(), 0),
      m_symptom_seen(m_prefilter->symptom_literal_texts.size(), 0),
      m_hits(m_signatures->signatures.size()) {
  for (std::size_t i = 0; i < m_hits.size(); ++i) {
    m_hits[i].signature = i;
  }
  m_carried.assign(m_signatures->facets.size(), 0);
  for (std::size_t i = 0; i < m_signatures->facets.size(); ++i) {
    if (m_signatures->facets[i].carry != FacetCarry::none) {
      m_carried_facets.push_back(i);
    }
  }
}

bool LogScanner::signature_matches(const Signature& signature, std::string_view text) const {
  return search_window(signature.regex, signature.literals, text, k_regex_window);
}

void LogScanner::record_hit(std::size_t signature, std::uint64_t line, std::string_view text) {
  SignatureHit& hit = m_hits[signature];
  ++hit.count;
  if (hit.evidence.size() < k_evidence_per_signature) {
    hit.evidence.push_back({line, clip_text(text, k_evidence_chars)});
  }
}

void LogScanner::keep_if_error_like(std::string_view text) {
  int score = m_error_likeness.score(text);
  if (score <= 0) {
    return;
  }
  if (m_error_like.size() == k_error_like_lines) {
    // Replace the weakest line, the latest of equals: on a tie the earlier line stays.
    auto weakest = std::min_element(m_error_like.begin(), m_error_like.end(), [](const auto& a, const auto& b) {
      return a.score != b.score ? a.score < b.score : a.line.line > b.line.line;
    });
    if (weakest->score >= score) {
      return;
    }
    *weakest = {score, {m_lines, clip_text(text, k_evidence_chars)}};
    return;
  }
  m_error_like.push_back({score, {m_lines, clip_text(text, k_evidence_chars)}});
}

void LogScanner::collect_candidates(std::string_view matching, std::vector<std::size_t>& out) {
  out.assign(prefilter().unfiltered.begin(), prefilter().unfiltered.end());
  if (++m_stamp == 0) {
    std::fill(m_seen.begin(), m_seen.end(), 0);
    m_stamp = 1;
  }
  prefilter().literals.find_all(matching, m_seen, m_stamp,
                                [&](std::uint32_t literal) { out.push_back(prefilter().literal_owner[literal]); });
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

int LogScanner::first_match(const std::vector<std::size_t>& candidates, std::string_view matching, std::size_t limit) const {
  for (std::size_t index : candidates) {
    if (index >= limit) {
      break;
    }
    if (signature_matches(m_signatures->signatures[index], matching)) {
      return static_cast<int>(index);
    }
  }
  return -1;
}

bool LogScanner::match_second_stage(std::string_view matching, std::uint64_t line, std::string_view evidence) {
  int row = second_stage_row(matching);
  if (row < 0) {
    return false;
  }
  record_hit(static_cast<std::size_t>(row), line, evidence);
  return true;
}

int LogScanner::second_stage_row(std::string_view matching) {
  const SignatureSet& set = *m_signatures;
  m_line_symptom = false;
  if (set.rules.empty()) {
    return -1;
  }
  // CMake's status lines ("-- Looking for pthread.h - not found") and warnings report no failure:
  // the second stage reads error lines only (and stays cheap on a configure log).
  if (matching.starts_with("-- ") || matching.find("warning") != std::string_view::npos) {
    return -1;
  }
  if (++m_facet_stamp == 0) {
    std::fill(m_facet_seen.begin(), m_facet_seen.end(), 0);
    m_facet_stamp = 1;
  }
  // Which facets' literals occur (facets without literals are always candidates).
  m_facet_state.assign(set.facets.size(), k_facet_absent);
  for (std::size_t index : prefilter().unfiltered_facets) {
    m_facet_state[index] = k_facet_untried;
  }
  bool any_symptom = false;
  prefilter().facet_literals.find_all(matching, m_facet_seen, m_facet_stamp, [&](std::uint32_t literal) {
    std::size_t index = prefilter().facet_literal_owner[literal];
    m_facet_state[index] = k_facet_untried;
    any_symptom = any_symptom || set.facets[index].kind == "symptom";
  });
  m_line_symptom = any_symptom;
  if (!any_symptom) {
    return -1;
  }
  // Each facet's regex runs at most once per line, and only when a rule needs it.
  auto shown = [&](int index) {
    if (index >= 0 && m_in_cmake_message && set.facets[static_cast<std::size_t>(index)].kind == "tool" &&
        set.facets[static_cast<std::size_t>(index)].id == "cmake") {
      return true;
    }
    if (index < 0) {
      return true;
    }
    auto& state = m_facet_state[static_cast<std::size_t>(index)];
    if (state == k_facet_untried) {
      const Facet& facet = set.facets[static_cast<std::size_t>(index)];
      state = search_window(facet.regex, facet.literals, matching, k_regex_window) ? k_facet_shown : k_facet_absent;
    }
    return state == k_facet_shown;
  };
  // A carried object shown on an earlier line of its scope (track_carried_facets) is shown here too.
  auto object_shown = [&](const FacetRule& rule) {
    if (rule.object_facet >= 0 && m_carried[static_cast<std::size_t>(rule.object_facet)] != 0) {
      return true;
    }
    return shown(rule.object_facet);
  };
  // Unambiguous only: every rule the line satisfies must name the same category, else the line
  // stays unexplained (a confident wrong category is worse than "unknown").
  const FacetRule* first = nullptr;
  for (const auto& rule : set.rules) {
    if (!shown(rule.symptom_facet) || !shown(rule.tool_facet) || !object_shown(rule)) {
      continue;
    }
    if (first == nullptr) {
      first = &rule;
    } else if (set.signatures[rule.signature].category != set.signatures[first->signature].category) {
      return -1;
    }
  }
  return first == nullptr ? -1 : static_cast<int>(first->signature);
}

void LogScanner::track_cmake_message(std::string_view visible, std::string_view matching) {
  bool ends_message = false;
  if (matching.find("cmake error") != std::string_view::npos) {
    m_in_cmake_message = true;
    ends_message = true;  // a new message
  } else if (visible.front() != ' ' && visible.front() != '\t') {
    m_in_cmake_message = false;  // an unindented line ends the message (blank lines do not)
    ends_message = true;
  }
  if (ends_message) {
    for (std::size_t index : m_carried_facets) {
      if (m_signatures->facets[index].carry == FacetCarry::message) {
        m_carried[index] = 0;
      }
    }
  }
}

void LogScanner::track_carried_facets(std::string_view matching) {
  for (std::size_t index : m_carried_facets) {
    const Facet& facet = m_signatures->facets[index];
    if (m_carried[index] != 0 || (facet.carry == FacetCarry::message && !m_in_cmake_message)) {
      continue;
    }
    // The prefilter keeps the regex off the other lines (a build log names cmake on most of its lines).
    bool candidate = false;
    for (const auto& literal : facet.carry_prefilter) {
      candidate = candidate || matching.find(literal) != std::string_view::npos;
    }
    if (candidate && search_window(facet.carried_by(), facet.carry_prefilter, matching, k_regex_window)) {
      m_carried[index] = 1;
    }
  }
}

namespace {

// Whether a raw line is a log kept in JSON strings (docker's json-file driver writes
// {"log":"…\n","stream":"stderr","time":"…"}; an API or a notebook keeps a whole log in one string,
// its lines joined by the two characters \n): it opens an object or array of strings, or is one
// string, and it holds an escape. Checked on the first bytes, so an ordinary line costs nothing.
bool holds_json_strings(std::string_view raw) {
  std::size_t at = raw.find_first_not_of(" \t");
  if (at == std::string_view::npos || raw.size() - at < 4) {
    return false;
  }
  std::string_view text = raw.substr(at);
  bool opens = text.starts_with("{\"") || text.starts_with("[\"") || text.starts_with("[{\"");
  if (!opens && text.front() == '"') {
    std::size_t last = text.find_last_not_of(" \t\r");
    opens = last > 0 && (text[last] == '"' || (text[last] == ',' && text[last - 1] == '"'));
  }
  return opens && text.find('\\') != std::string_view::npos;
}

// Whether `key` names advice in archfit's own JSON (report/finding_json.cpp, explain's findings): its value quotes
// error messages as rules and fixes, not as failures.
bool is_archfit_advice_key(std::string_view key) {
  return key == "rule" || key == "cause" || key == "fix" || key == "source";
}

// The contents of the JSON strings of `raw`, unescaped (RFC 8259, section 7), one piece per '\n'
// of `out`: each string and each \n inside one ends a piece. What lies between strings (braces,
// colons, numbers) is dropped. With `skip_advice`, the value of an archfit advice key is dropped too.
void decode_json_strings(std::string_view raw, std::string& out, bool skip_advice) {
  out.clear();
  bool inside = false;
  std::size_t started = 0;      // where the current string's text begins in `out`
  bool skipping = false;        // the current string is an advice key's value
  bool value_of_advice = false; // the next string is that value
  for (std::size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    if (!inside) {
      if (c == '"') {
        inside = true;
        started = out.size();
        skipping = value_of_advice;
        value_of_advice = false;
      } else if (c == ',' || c == '{' || c == '[' || c == '}' || c == ']') {
        value_of_advice = false;
      }
      continue;
    }
    if (c == '"') {
      inside = false;
      if (skipping) {
        out.resize(started);
        continue;
      }
      if (skip_advice) {
        std::size_t next = raw.find_first_not_of(" \t", i + 1);
        value_of_advice = next != std::string_view::npos && raw[next] == ':' &&
                          is_archfit_advice_key(std::string_view(out).substr(started));
      }
      out.push_back('\n');
      continue;
    }
    if (c != '\\' || i + 1 >= raw.size()) {
      out.push_back(c);
      continue;
    }
    char escaped = raw[++i];
    switch (escaped) {
      case 'n': out.push_back('\n'); break;
      case 't': out.push_back('\t'); break;
      case 'r': case 'b': case 'f': break;
      case 'u': {
        std::uint32_t code = 0;
        std::size_t k = 0;
        for (; k < 4 && i + 1 + k < raw.size(); ++k) {
          char h = static_cast<char>(raw[i + 1 + k] | 0x20);
          if (h >= '0' && h <= '9') {
            code = code * 16 + static_cast<std::uint32_t>(h - '0');
          } else if (h >= 'a' && h <= 'f') {
            code = code * 16 + static_cast<std::uint32_t>(h - 'a' + 10);
          } else {
            break;
          }
        }
        if (k == 4) {
          i += 4;
          utf8::append(out, code >= 0xd800 && code < 0xe000 ? char32_t{0xfffd} : static_cast<char32_t>(code));
        } else {
          out.push_back(escaped);
        }
        break;
      }
      default: out.push_back(escaped);  // \" \\ \/
    }
  }
}

// Whether a raw line opens archfit's own JSON: archfit writes the "schema" member first (docs/json.md), so the
// line starts with it, compact ({"schema":"archfit.doctor/1",…) or pretty ("schema": "archfit.doctor/1",). Only
// the line's first bytes are looked at: every line of a build log passes here.
bool shows_archfit_schema(std::string_view raw) {
  std::size_t at = raw.find_first_not_of(" \t{");
  if (at == std::string_view::npos || !raw.substr(at).starts_with("\"schema\"")) {
    return false;
  }
  std::size_t value = raw.find_first_not_of(" \t:", at + 8);
  return value != std::string_view::npos && raw.substr(value).starts_with("\"archfit.");
}

// Whether `text` is a line of archfit's text renderer's advice (report/finding_text.cpp): "rule:", "source:",
// "fix:" or "facts:" indented 8 columns, the first two's prose at column 16; then, while `in_advice`, a wrapped
// line indented 16 columns or a fix's command on a line of its own indented 10. Any other line ends the advice.
bool is_archfit_advice_line(std::string_view text, bool& in_advice) {
  auto indent = text.find_first_not_of(' ');
  if (indent == 8) {
    std::string_view rest = text.substr(8);
    for (std::string_view label : {"rule:   ", "source: ", "fix:    ", "facts: "}) {
      if (rest.starts_with(label) || rest == label.substr(0, label.find(':') + 1)) {
        in_advice = true;
        return true;
      }
    }
  }
  if (in_advice && (indent == 16 || indent == 10)) {
    return true;
  }
  in_advice = false;
  return false;
}

}  // namespace

void LogScanner::add_line(std::string_view raw_line) {
  ++m_lines;
  if (holds_json_strings(raw_line)) {
    m_archfit_json = m_archfit_json || shows_archfit_schema(raw_line);
    // Each piece is a line of the log the JSON kept; the evidence keeps the physical line's number.
    decode_json_strings(raw_line, m_json_decoded, m_archfit_json);
    std::string_view rest = m_json_decoded;
    while (!rest.empty()) {
      std::size_t newline = rest.find('\n');
      add_visible_line(rest.substr(0, newline));
      rest.remove_prefix(newline == std::string_view::npos ? rest.size() : newline + 1);
    }
    return;
  }
  m_archfit_json = m_archfit_json || shows_archfit_schema(raw_line);
  add_visible_line(raw_line);
}

void LogScanner::add_visible_line(std::string_view raw_line) {
  visible_text(raw_line, m_visible);
  std::string_view text = m_visible;
  if (text.empty()) {
    m_wrap_count = 0;  // a blank line ends any wrapped message
    m_in_archfit_advice = false;
    return;
  }
  if (is_archfit_advice_line(text, m_in_archfit_advice)) {
    return;  // archfit's own rule or fix, pasted with the log
  }
  if (matching_text(text, m_matching)) {
    pasted_text(text, m_pasted);
    m_facts.collect(m_pasted, m_lines, text);
  } else {
    m_facts.collect(text, m_lines);
  }
  track_cmake_message(text, m_matching);
  track_carried_facets(m_matching);  // before this line's match: a facet it shows is shown on it anyway
  std::size_t first_stage = m_signatures->first_stage;
  collect_candidates(m_matching, m_candidates);
  int single = first_match(m_candidates, m_matching, first_stage);
  // A message wrapped over several lines (match_wrapped); it wins only with a row above the one this
  // line matches alone (a more specific row of the table), so a line that is a message of its own
  // keeps its own evidence.
  bool matched = true;
  if (match_wrapped(text, single >= 0 ? static_cast<std::size_t>(single) : first_stage)) {
    m_wrap_count = 0;
  } else if (single >= 0) {
    record_hit(static_cast<std::size_t>(single), m_lines, text);
  } else {
    matched = match_second_stage(m_matching, m_lines, text) || match_wrapped_second_stage(text);
  }
  keep_if_error_like(text);
  if (matched || is_traceback_frame(text)) {
    m_wrap_count = 0;
  } else {
    push_wrap_piece(text);
  }
}

void LogScanner::build_join(std::size_t start, WrapReading reading, std::string_view matching, std::string_view visible,
                            std::string& out, std::string* out_visible) const {
  // The hard readings: the pieces just before this line whose widths lie within one column of each
  // other were cut at a column, the widest of them (a shorter one lost the blank it was cut at).
  std::size_t run_start = m_wrap_count;
  std::size_t width = 0;
  if (reading == WrapReading::hard_widest) {
    run_start = start;
    for (std::size_t i = start; i < m_wrap_count; ++i) {
      width = std::max(width, wrap_piece(i).columns);
    }
  } else if (reading != WrapReading::soft) {
    std::size_t narrowest = wrap_piece(m_wrap_count - 1).columns;
    width = narrowest;
    for (run_start = m_wrap_count - 1; run_start > start; --run_start) {
      std::size_t columns = wrap_piece(run_start - 1).columns;
      if (std::max(width, columns) - std::min(narrowest, columns) > 1) {
        break;
      }
      width = std::max(width, columns);
      narrowest = std::min(narrowest, columns);
    }
  }
  auto separator = [&](std::size_t piece, bool next_indented) {
    if (reading == WrapReading::soft || piece < run_start || wrap_piece(piece).columns != width ||
        (reading == WrapReading::hard_blank && next_indented)) {
      return std::string_view(" ");
    }
    return std::string_view();
  };
  auto continuation = [&](std::string_view text) {
    // A hard reading drops a continuation's indent (the separator stands for what it meant).
    if (reading != WrapReading::soft) {
      std::size_t at = text.find_first_not_of(" \t");
      text.remove_prefix(at == std::string_view::npos ? text.size() : at);
    }
    return text;
  };
  out.assign(wrap_piece(start).matching);
  if (out_visible != nullptr) {
    out_visible->assign(wrap_piece(start).visible);
  }
  for (std::size_t i = start; i < m_wrap_count; ++i) {
    bool last = i + 1 == m_wrap_count;
    std::string_view sep = separator(i, last ? visible.starts_with(' ') || visible.starts_with('\t')
                                               : wrap_piece(i + 1).indented);
    out.append(sep).append(last ? matching : std::string_view(wrap_piece(i + 1).matching));
    if (out_visible != nullptr) {
      out_visible->append(sep).append(continuation(last ? visible : std::string_view(wrap_piece(i + 1).visible)));
    }
  }
}

template <class StillMatches>
void LogScanner::record_shortest_join(WrapReading reading, std::string_view visible, int row,
                                      StillMatches&& still_matches) {
  std::size_t start = 0;
  for (std::size_t s = m_wrap_count - 1; s > 0; --s) {
    build_join(s, reading, m_matching, visible, m_joined_matching, nullptr);
    if (still_matches(m_joined_matching)) {
      start = s;
      break;
    }
  }
  build_join(start, reading, m_matching, visible, m_joined_matching, &m_joined_visible);
  record_hit(static_cast<std::size_t>(row), wrap_piece(start).line, m_joined_visible);
}

bool LogScanner::match_wrapped(std::string_view visible, std::size_t limit) {
  m_break_candidates.clear();
  m_break_symptom = false;
  // A wrap at a width of k_min_wrapped_chars or more moved this line's first word because it did not
  // fit after the last piece (a terminal cuts at the width itself): a shorter pair was not wrapped,
  // and a join starts with this line. CMake's status lines ("-- ...") and a Python traceback's frame
  // lines ("File "x.py", line 1, in f", above the source line it quotes) start a line of their own
  // (a frame line is never a piece at all).
  if (std::string_view(m_matching).starts_with("-- ") || is_diagnostic_start(visible)) {
    m_wrap_count = 0;
  }
  if (m_wrap_count > 0) {
    std::size_t word = visible.find_first_not_of(" \t");
    std::size_t word_end = word == std::string_view::npos ? visible.size() : visible.find_first_of(" \t", word);
    std::string_view first_word = visible.substr(std::min(word, visible.size()),
                                                 word_end == std::string_view::npos ? std::string_view::npos : word_end - word);
    if (wrap_piece(m_wrap_count - 1).columns + 1 + utf8::code_points(first_word) <= k_min_wrapped_chars ||
        is_traceback_frame(visible)) {
      m_wrap_count = 0;
    }
  }
  if (m_wrap_count == 0) {
    return false;
  }
  // The rows of a literal that spans the last break, read with a blank there and without one; with
  // those of every piece and this line they are the join's candidates, so an ordinary line pays for
  // a few bytes, not for a join.
  // The tail is taken over the pieces, as a literal may span several short ones.
  std::size_t reach = prefilter().longest_literal > 0 ? prefilter().longest_literal - 1 : 0;
  std::string_view head = std::string_view(m_matching).substr(0, reach);
  m_break_symptom = false;
  // One resumable scan serves both readings where the tail lies within the last piece (the two
  // tails then differ only by the blank); the scan of the head stops once no literal can span the
  // break any more: a literal wholly on this line is among its own candidates (m_candidates), which
  // every use of m_break_candidates adds anyway.
  bool shared_tail = reach > 0 && wrap_piece(m_wrap_count - 1).matching.size() >= reach;
  std::uint32_t shared_state = 0;
  if (++m_stamp == 0) {
    std::fill(m_seen.begin(), m_seen.end(), 0);
    m_stamp = 1;
  }
  auto found = [&](std::uint32_t literal) { m_break_candidates.push_back(prefilter().literal_owner[literal]); };
  std::size_t symptom_head_part = std::string_view::npos;  // the head's part last read for symptoms alone
  bool symptom_in_head = false;
  for (std::string_view sep : {std::string_view(" "), std::string_view()}) {
    m_joined_matching.clear();
    for (std::size_t i = m_wrap_count; i-- > 0 && m_joined_matching.size() < reach;) {
      m_joined_matching.insert(0, sep).insert(0, wrap_piece(i).matching);
    }
    if (m_joined_matching.size() > reach + sep.size()) {
      m_joined_matching.erase(0, m_joined_matching.size() - reach - sep.size());
    }
    std::size_t at_break = m_joined_matching.size();
    m_joined_matching.append(head);
    // A symptom's literal (shorter than a row's) across the break, read as one window of 2 × the
    // longest symptom literal around it: the tail's part and the literals that span the break are
    // one resumable scan per reading, the head's part (the same for both readings) one scan.
    std::size_t from = at_break - std::min(at_break, prefilter().longest_symptom_literal);
    std::size_t head_part = std::min(head.size(), 2 * prefilter().longest_symptom_literal - (at_break - from));
    if (!m_break_symptom) {
      if (++m_symptom_stamp == 0) {
        std::fill(m_symptom_seen.begin(), m_symptom_seen.end(), 0);
        m_symptom_stamp = 1;
      }
      bool any = false;
      auto symptom = [&](std::uint32_t) { any = true; };
      const LiteralSet& symptoms = prefilter().symptom_literals;
      std::uint32_t state = symptoms.find_all_from(
          0, std::string_view(m_joined_matching).substr(from, at_break - from), m_symptom_seen, m_symptom_stamp, symptom);
      symptoms.find_all_across(state, head.substr(0, head_part), m_symptom_seen, m_symptom_stamp, symptom);
      if (!any && head_part != symptom_head_part) {
        symptom_head_part = head_part;
        symptom_in_head = false;
        if (++m_symptom_stamp == 0) {
          std::fill(m_symptom_seen.begin(), m_symptom_seen.end(), 0);
          m_symptom_stamp = 1;
        }
        prefilter().symptom_literals.find_all(head.substr(0, head_part), m_symptom_seen, m_symptom_stamp,
                                    [&](std::uint32_t) { symptom_in_head = true; });
      }
      m_break_symptom = any || (symptom_head_part == head_part && symptom_in_head);
    }
    std::string_view tail = std::string_view(m_joined_matching).substr(0, at_break);
    std::uint32_t state = 0;
    if (shared_tail) {
      if (sep.size() == 1) {
        shared_state = prefilter().literals.find_all_from(0, tail.substr(0, at_break - 1), m_seen, m_stamp, found);
      }
      state = prefilter().literals.find_all_from(shared_state, sep, m_seen, m_stamp, found);
    } else {
      state = prefilter().literals.find_all_from(0, tail, m_seen, m_stamp, found);
    }
    prefilter().literals.find_all_across(state, head, m_seen, m_stamp, found);
  }
  m_join_candidates.assign(m_break_candidates.begin(), m_break_candidates.end());
  m_join_candidates.insert(m_join_candidates.end(), m_candidates.begin(), m_candidates.end());
  bool any_indented = visible.starts_with(' ') || visible.starts_with('\t');
  for (std::size_t i = 0; i < m_wrap_count; ++i) {
    const WrapPiece& piece = wrap_piece(i);
    m_join_candidates.insert(m_join_candidates.end(), piece.candidates.begin(), piece.candidates.end());
    any_indented = any_indented || (i > 0 && piece.indented);
  }
  std::sort(m_join_candidates.begin(), m_join_candidates.end());
  m_join_candidates.erase(std::unique(m_join_candidates.begin(), m_join_candidates.end()), m_join_candidates.end());
  if (m_join_candidates.empty() || m_join_candidates.front() >= limit) {
    return false;
  }
  for (WrapReading reading :
       {WrapReading::soft, WrapReading::hard, WrapReading::hard_widest, WrapReading::hard_blank}) {
    if (reading == WrapReading::hard_blank && !any_indented) {
      continue;
    }
    build_join(0, reading, m_matching, visible, m_joined_matching, nullptr);
    int row = first_match(m_join_candidates, m_joined_matching, limit);
    if (row < 0) {
      continue;
    }
    const Signature& signature = m_signatures->signatures[static_cast<std::size_t>(row)];
    record_shortest_join(reading, visible, row,
                         [&](std::string_view joined) { return signature_matches(signature, joined); });
    return true;
  }
  return false;
}

bool LogScanner::match_wrapped_second_stage(std::string_view visible) {
  if (m_wrap_count == 0) {
    return false;
  }
  // Only when the symptom was cut by the wrap: its literal shows across a break and on no line alone.
  // A symptom whole on one line with its tool or object on another is what the carried facets (and
  // their direction) decide, not a join: Triton's codegen line after a ptxas line, an override set
  // after the crash, are not Triton's or the override's.
  bool own = m_line_symptom;
  bool across = m_break_symptom;
  for (std::size_t i = 0; i < m_wrap_count; ++i) {
    own = own || wrap_piece(i).symptom;
    across = across || wrap_piece(i).break_symptom;
  }
  if (own || !across) {
    return false;
  }
  for (WrapReading reading : {WrapReading::soft, WrapReading::hard, WrapReading::hard_widest}) {
    build_join(0, reading, m_matching, visible, m_joined_matching, nullptr);
    int row = second_stage_row(m_joined_matching);
    if (row < 0) {
      continue;
    }
    record_shortest_join(reading, visible, row,
                         [&](std::string_view joined) { return second_stage_row(joined) == row; });
    m_line_symptom = false;
    return true;
  }
  m_line_symptom = false;  // this line's own (the joins' are not)
  return false;
}

void LogScanner::push_wrap_piece(std::string_view visible) {
  if (m_matching.size() > k_join_context) {
    m_wrap_count = 0;  // a line this long was not cut by a wrap: it can only start a join
  }
  if (m_wrap.empty()) {
    m_wrap.resize(k_wrap_lines - 1);
  }
  if (m_wrap_count == m_wrap.size()) {
    m_wrap_first = (m_wrap_first + 1) % m_wrap.size();
    --m_wrap_count;
  }
  WrapPiece& piece = m_wrap[(m_wrap_first + m_wrap_count) % m_wrap.size()];
  std::string_view matching = m_matching;
  if (m_wrap_count == 0 && matching.size() > k_join_context) {
    matching.remove_prefix(matching.size() - k_join_context);
  }
  piece.line = m_lines;
  piece.matching.assign(matching);
  piece.visible.assign(visible.substr(0, k_evidence_chars));
  piece.columns = utf8::code_points(visible);
  piece.indented = visible.starts_with(' ') || visible.starts_with('\t');
  piece.candidates.assign(m_candidates.begin(), m_candidates.end());
  piece.candidates.insert(piece.candidates.end(), m_break_candidates.begin(), m_break_candidates.end());
  piece.symptom = m_line_symptom;
  piece.break_symptom = m_break_symptom;
  ++m_wrap_count;
}

void LogScanner::add_termination_signal(int signal) {
  const char* signature_id = signal == SIGILL ? "illegal-instruction" : signal == SIGKILL ? "exit-137" : nullptr;
  if (signature_id == nullptr) {
    return;
  }
  int index = m_signatures->find(signature_id);
  if (index < 0) {
    return;
  }
  record_hit(static_cast<std::size_t>(index), 0,
             fmt::format("the command was killed by signal {} ({}), exit status {}", signal,
                         signal == SIGILL ? "SIGILL, illegal instruction" : "SIGKILL", 128 + signal));
}

LogMatches LogScanner::matches() const {
  LogMatches result;
  result.lines = m_lines;
  for (const auto& hit : m_hits) {
    if (hit.count > 0) {
      result.hits.push_back(hit);
    }
  }
  for (const auto& scored : m_error_like) {
    result.error_like.push_back(scored.line);
  }
  std::sort(result.error_like.begin(), result.error_like.end(),
            [](const auto& a, const auto& b) { return a.line < b.line; });
  result.facts = m_facts;
  return result;
}

}  // namespace archfit::explain
