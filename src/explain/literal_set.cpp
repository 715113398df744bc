#include "explain/literal_set.hpp"

#include <deque>

namespace archfit::explain {

LiteralSet::LiteralSet(const std::vector<std::string>& literals) : m_literal_count(literals.size()) {
  // 1. The trie: m_next holds goto edges (k_none where absent) while it is built. Room for the most
  // states the literals can make is reserved first: growing the table by reallocation would hold the
  // old and the new copy at once (a peak of twice the table); the untouched reserve costs no memory.
  std::size_t most_states = 1;
  for (const auto& literal : literals) {
    most_states += literal.size();
  }
  m_next.reserve(most_states * 256);
  m_next.assign(256, k_none);
  std::vector<std::vector<std::uint32_t>> own_outputs(1);
  m_depth.assign(1, 0);
  for (std::uint32_t index = 0; index < literals.size(); ++index) {
    std::uint32_t state = 0;
    for (unsigned char byte : literals[index]) {
      std::uint32_t& edge = m_next[static_cast<std::size_t>(state) * 256 + byte];
      if (edge == k_none) {
        edge = static_cast<std::uint32_t>(own_outputs.size());
        own_outputs.emplace_back();
        m_depth.push_back(m_depth[state] + 1);
        m_next.resize(m_next.size() + 256, k_none);
      }
      state = m_next[static_cast<std::size_t>(state) * 256 + byte];
    }
    own_outputs[state].push_back(index);
  }
  std::size_t state_count = own_outputs.size();
  // 2. Breadth-first: failure links turn the trie into a DFA, and each state's output list is
  // its own literals followed by its failure state's list (shared, not copied).
  std::vector<std::uint32_t> failure(state_count, 0);
  m_first_output.assign(state_count, k_none);
  auto attach_outputs = [&](std::uint32_t state) {
    std::uint32_t head = m_first_output[failure[state]];
    if (state == 0) {
      head = k_none;
    }
    for (std::uint32_t literal : own_outputs[state]) {
      m_outputs.push_back({literal, head});
      head = static_cast<std::uint32_t>(m_outputs.size() - 1);
    }
    m_first_output[state] = head;
  };
  attach_outputs(0);
  std::deque<std::uint32_t> queue;
  for (std::size_t byte = 0; byte < 256; ++byte) {
    std::uint32_t& edge = m_next[byte];
    if (edge == k_none) {
      edge = 0;
    } else {
      failure[edge] = 0;
      queue.push_back(edge);
    }
  }
  while (!queue.empty()) {
    std::uint32_t state = queue.front();
    queue.pop_front();
    attach_outputs(state);
    for (std::size_t byte = 0; byte < 256; ++byte) {
      std::uint32_t& edge = m_next[static_cast<std::size_t>(state) * 256 + byte];
      std::uint32_t fallback = m_next[static_cast<std::size_t>(failure[state]) * 256 + byte];
      if (edge == k_none) {
        edge = fallback;
      } else {
        failure[edge] = fallback;
        queue.push_back(edge);
      }
    }
  }
}

}  // namespace archfit::explain
