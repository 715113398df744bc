#include "util/forward_capture.hpp"

#include <algorithm>

namespace archfit {

bool ForwardCapture::request(std::uint64_t offset, std::uint64_t size, Callback callback) {
  if (offset < earliest_available() || !checked_add(offset, size)) {
    return false;
  }
  Pending pending{size, {}, std::move(callback)};
  if (offset < m_chunk_start) {
    // Bytes already passed: copied from the history; the rest comes from the chunks.
    std::uint64_t from = offset - earliest_available();
    std::uint64_t take = std::min(size, m_chunk_start - offset);
    auto begin = m_history.begin() + static_cast<std::ptrdiff_t>(from);
    pending.data.assign(begin, begin + static_cast<std::ptrdiff_t>(take));
    m_bytes_held += take;
  }
  m_pending.emplace(offset, std::move(pending));
  return true;
}

// Copies the chunk's bytes into every pending request it overlaps and runs the callbacks of the
// ones completed. Returns true when any completed (their callbacks may have added requests that
// this chunk also covers, so the caller runs it again).
bool ForwardCapture::copy_from_chunk(Bytes chunk, std::uint64_t chunk_start) {
  std::uint64_t chunk_end = chunk_start + chunk.size();
  std::vector<std::pair<std::uint64_t, Pending>> completed;
  for (auto it = m_pending.begin(); it != m_pending.end() && it->first < chunk_end;) {
    Pending& pending = it->second;
    std::uint64_t have = pending.data.size();
    std::uint64_t next = it->first + have;  // next byte this request needs
    if (next >= chunk_start && next < chunk_end && have < pending.size) {
      std::uint64_t take = std::min(pending.size - have, chunk_end - next);
      auto from = chunk.begin() + static_cast<std::ptrdiff_t>(next - chunk_start);
      pending.data.insert(pending.data.end(), from, from + static_cast<std::ptrdiff_t>(take));
      m_bytes_held += take;
    }
    if (pending.data.size() == pending.size) {
      completed.emplace_back(it->first, std::move(pending));
      it = m_pending.erase(it);
    } else {
      ++it;
    }
  }
  for (auto& [offset, pending] : completed) {
    m_bytes_held -= pending.data.size();
    pending.callback(Bytes(pending.data.data(), pending.data.size()));
  }
  return !completed.empty();
}

void ForwardCapture::feed(Bytes chunk) {
  m_chunk_start = m_position;
  while (copy_from_chunk(chunk, m_position)) {
  }
  m_position += chunk.size();
  m_chunk_start = m_position;
  if (m_history_capacity == 0) {
    return;
  }
  if (chunk.size() >= m_history_capacity) {
    m_history.assign(chunk.end() - static_cast<std::ptrdiff_t>(m_history_capacity), chunk.end());
    return;
  }
  m_history.insert(m_history.end(), chunk.begin(), chunk.end());
  if (m_history.size() > m_history_capacity) {
    m_history.erase(m_history.begin(),
                    m_history.begin() + static_cast<std::ptrdiff_t>(m_history.size() - m_history_capacity));
  }
}

}  // namespace archfit
