#include "explain/log_scanner.hpp"

#include <algorithm>
#include <csignal>

#include <fmt/format.h>

#include "explain/line_splitter.hpp"

namespace archfit::explain {

namespace {

std::vector<std::string> all_literals(const SignatureSet& set, std::vector<std::size_t>& owner,
                                      std::vector<std::size_t>& unfiltered) {
  std::vector<std::string> literals;
  for (std::size_t i = 0; i < set.signatures.size(); ++i) {
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
      m_hits(m_signatures->signatures.size()) {
  for (std::size_t i = 0; i < m_hits.size(); ++i) {
    m_hits[i].signature = i;
  }
}

bool LogScanner::signature_matches(const Signature& signature, std::string_view text) const {
  if (text.size() > k_regex_window) {
    std::size_t at = 0;
    for (const auto& literal : signature.literals) {
      std::size_t found = text.find(literal);
      if (found != std::string_view::npos) {
        at = found;
        break;
      }
    }
    std::size_t start = at > k_regex_window / 2 ? at - k_regex_window / 2 : 0;
    text = text.substr(start, k_regex_window);
  }
  return std::regex_search(text.begin(), text.end(), signature.regex);
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

void LogScanner::add_line(std::string_view raw_line) {
  ++m_lines;
  visible_text(raw_line, m_visible);
  std::string_view text = m_visible;
  if (text.empty()) {
    return;
  }
  m_facts.collect(text, m_lines);
  m_candidates.assign(m_unfiltered.begin(), m_unfiltered.end());
  if (++m_stamp == 0) {
    std::fill(m_seen.begin(), m_seen.end(), 0);
    m_stamp = 1;
  }
  m_literals.find_all(text, m_seen, m_stamp, [&](std::uint32_t literal) { m_candidates.push_back(m_literal_owner[literal]); });
  if (!m_candidates.empty()) {
    std::sort(m_candidates.begin(), m_candidates.end());
    m_candidates.erase(std::unique(m_candidates.begin(), m_candidates.end()), m_candidates.end());
    for (std::size_t index : m_candidates) {
      if (signature_matches(m_signatures->signatures[index], text)) {
        record_hit(index, m_lines, text);
        break;
      }
    }
  }
  keep_if_error_like(text);
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
