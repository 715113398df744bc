#include "explain/log_scanner.hpp"

#include <algorithm>
#include <csignal>

#include <fmt/format.h>

#include "explain/line_normalizer.hpp"
#include "explain/line_splitter.hpp"
#include "util/utf8.hpp"

namespace archfit::explain {

namespace {

std::vector<std::string> all_literals(const SignatureSet& set, std::vector<std::size_t>& owner,
                                      std::vector<std::size_t>& unfiltered) {
  std::vector<std::string> literals;
  for (std::size_t i = 0; i < set.first_stage; ++i) {
    if (set.signatures[i].literals.empty()) {
      unfiltered.push_back(i);
    }
    for (const auto& literal : set.signatures[i].literals) {
      literals.push_back(literal);
      owner.push_back(i);
    }
  }
  return literals;
}

std::vector<std::string> facet_literals(const SignatureSet& set, std::vector<std::size_t>& owner,
                                        std::vector<std::size_t>& unfiltered) {
  std::vector<std::string> literals;
  for (std::size_t i = 0; i < set.facets.size(); ++i) {
    if (set.facets[i].literals.empty()) {
      unfiltered.push_back(i);
    }
    for (const auto& literal : set.facets[i].literals) {
      literals.push_back(literal);
      owner.push_back(i);
    }
  }
  return literals;
}

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
      m_literal_texts(all_literals(*m_signatures, m_literal_owner, m_unfiltered)),
      m_literals(m_literal_texts),
      m_seen(m_literal_texts.size(), 0),
      m_facet_literal_texts(facet_literals(*m_signatures, m_facet_literal_owner, m_unfiltered_facets)),
      m_facet_literals(m_facet_literal_texts),
      m_facet_seen(m_facet_literal_texts.size(), 0),
      m_hits(m_signatures->signatures.size()) {
  for (const auto& literal : m_literal_texts) {
    m_longest_literal = std::max(m_longest_literal, literal.size());
  }
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
  out.assign(m_unfiltered.begin(), m_unfiltered.end());
  if (++m_stamp == 0) {
    std::fill(m_seen.begin(), m_seen.end(), 0);
    m_stamp = 1;
  }
  m_literals.find_all(matching, m_seen, m_stamp, [&](std::uint32_t literal) { out.push_back(m_literal_owner[literal]); });
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
  const SignatureSet& set = *m_signatures;
  if (set.rules.empty()) {
    return false;
  }
  // CMake's status lines ("-- Looking for pthread.h - not found") and warnings report no failure:
  // the second stage reads error lines only (and stays cheap on a configure log).
  if (matching.starts_with("-- ") || matching.find("warning") != std::string_view::npos) {
    return false;
  }
  if (++m_facet_stamp == 0) {
    std::fill(m_facet_seen.begin(), m_facet_seen.end(), 0);
    m_facet_stamp = 1;
  }
  // Which facets' literals occur (facets without literals are always candidates).
  m_facet_state.assign(set.facets.size(), k_facet_absent);
  for (std::size_t index : m_unfiltered_facets) {
    m_facet_state[index] = k_facet_untried;
  }
  bool any_symptom = false;
  m_facet_literals.find_all(matching, m_facet_seen, m_facet_stamp, [&](std::uint32_t literal) {
    std::size_t index = m_facet_literal_owner[literal];
    m_facet_state[index] = k_facet_untried;
    any_symptom = any_symptom || set.facets[index].kind == "symptom";
  });
  if (!any_symptom) {
    return false;
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
      return false;
    }
  }
  if (first == nullptr) {
    return false;
  }
  record_hit(first->signature, line, evidence);
  return true;
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

// The contents of the JSON strings of `raw`, unescaped (RFC 8259, section 7), one piece per '\n'
// of `out`: each string and each \n inside one ends a piece. What lies between strings (braces,
// colons, numbers) is dropped.
void decode_json_strings(std::string_view raw, std::string& out) {
  out.clear();
  bool inside = false;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    if (!inside) {
      if (c == '"') {
        inside = true;
      }
      continue;
    }
    if (c == '"') {
      inside = false;
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

}  // namespace

void LogScanner::add_line(std::string_view raw_line) {
  ++m_lines;
  if (holds_json_strings(raw_line)) {
    // Each piece is a line of the log the JSON kept; the evidence keeps the physical line's number.
    decode_json_strings(raw_line, m_json_decoded);
    std::string_view rest = m_json_decoded;
    while (!rest.empty()) {
      std::size_t newline = rest.find('\n');
      add_visible_line(rest.substr(0, newline));
      rest.remove_prefix(newline == std::string_view::npos ? rest.size() : newline + 1);
    }
    return;
  }
  add_visible_line(raw_line);
}

void LogScanner::add_visible_line(std::string_view raw_line) {
  visible_text(raw_line, m_visible);
  std::string_view text = m_visible;
  if (text.empty()) {
    m_previous_line = 0;
    return;
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
  // A message the browser (or a narrow terminal) wrapped: the previous line, when nothing matched
  // it and it is long enough to have been wrapped, joined to this one. The join wins only with a
  // row above the one this line matches alone (a more specific row of the table), so a line that
  // is a message of its own keeps its own evidence. Its candidates are the two lines' and those
  // of a literal that spans the break, so an ordinary line pays for a few bytes, not for a join.
  int joined = -1;
  if (m_previous_line != 0) {
    std::string_view tail = m_previous_matching;
    if (tail.size() > k_join_context) {
      tail.remove_prefix(tail.size() - k_join_context);
    }
    std::size_t reach = m_longest_literal > 0 ? m_longest_literal - 1 : 0;
    m_joined_matching.assign(tail.substr(tail.size() - std::min(tail.size(), reach)))
        .append(" ")
        .append(std::string_view(m_matching).substr(0, reach));
    collect_candidates(m_joined_matching, m_join_candidates);
    m_join_candidates.insert(m_join_candidates.end(), m_previous_candidates.begin(), m_previous_candidates.end());
    m_join_candidates.insert(m_join_candidates.end(), m_candidates.begin(), m_candidates.end());
    std::sort(m_join_candidates.begin(), m_join_candidates.end());
    m_join_candidates.erase(std::unique(m_join_candidates.begin(), m_join_candidates.end()), m_join_candidates.end());
    std::size_t limit = single >= 0 ? static_cast<std::size_t>(single) : first_stage;
    if (!m_join_candidates.empty() && m_join_candidates.front() < limit) {
      m_joined_matching.assign(tail).append(" ").append(m_matching);
      joined = first_match(m_join_candidates, m_joined_matching, limit);
    }
  }
  bool matched = true;
  if (joined >= 0) {
    m_joined_visible.assign(m_previous_visible).append(" ").append(text);
    record_hit(static_cast<std::size_t>(joined), m_previous_line, m_joined_visible);
  } else if (single >= 0) {
    record_hit(static_cast<std::size_t>(single), m_lines, text);
  } else {
    matched = match_second_stage(m_matching, m_lines, text);
  }
  keep_if_error_like(text);
  // CMake's status lines ("-- ...") are whole lines, never the first half of a wrapped message.
  if (!matched && text.size() >= k_min_wrapped_chars && !std::string_view(m_matching).starts_with("-- ")) {
    m_previous_line = m_lines;
    m_previous_matching.assign(m_matching);
    m_previous_candidates.assign(m_candidates.begin(), m_candidates.end());
    m_previous_visible.assign(text.substr(0, k_evidence_chars));
  } else {
    m_previous_line = 0;
  }
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
