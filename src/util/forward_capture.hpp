// Reading structures out of a byte stream that can only move forward (a member being inflated
// out of a zip). Callers register requests for byte ranges ahead of the stream; as chunks pass,
// the bytes of each range are copied aside, and when a range is complete its callback runs with
// them. Callbacks may register further requests (a header leads to the table it points at), as
// long as those start at or after the chunk being fed, or inside the history: the last `history`
// bytes before that chunk, kept so that a request may start at bytes just passed (a structure read
// in two steps, its fixed part and then the size that part gives, whose first step completed only
// in the next chunk; a payload that starts at its header). Memory is bounded by what is requested,
// plus the history.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <vector>

#include "util/bytes.hpp"

namespace archfit {

class ForwardCapture {
 public:
  using Callback = std::function<void(Bytes)>;

  // `history`: how many of the bytes already fed stay available to later requests.
  explicit ForwardCapture(std::uint64_t history = 0) : m_history_capacity(history) {}

  // Asks for [offset, offset + size). Returns false (and drops the request) when that range starts
  // before the data still available (the history, then the chunk being fed), i.e. the stream has
  // already passed it. A range running past the end of the stream is never completed; see
  // `unfinished()`. A range that lies wholly in the history completes during the current feed (or
  // the next one, when requested between feeds).
  bool request(std::uint64_t offset, std::uint64_t size, Callback callback);

  // Feeds the next chunk of the stream, which starts at `position()`.
  void feed(Bytes chunk);

  std::uint64_t position() const { return m_position; }
  bool idle() const { return m_pending.empty(); }
  // Requests still waiting for bytes (after the stream ended: those that ran past its end).
  std::size_t unfinished() const { return m_pending.size(); }
  // Bytes currently held for pending requests.
  std::uint64_t bytes_held() const { return m_bytes_held; }
  // The first offset a request may start at now.
  std::uint64_t earliest_available() const { return m_chunk_start - m_history.size(); }

 private:
  struct Pending {
    std::uint64_t size = 0;
    std::vector<std::uint8_t> data;
    Callback callback;
  };
  bool copy_from_chunk(Bytes chunk, std::uint64_t chunk_start);

  std::multimap<std::uint64_t, Pending> m_pending;  // by start offset
  std::uint64_t m_position = 0;
  std::uint64_t m_chunk_start = 0;  // start of the chunk being fed (requests may start here)
  std::uint64_t m_bytes_held = 0;
  std::uint64_t m_history_capacity = 0;
  std::vector<std::uint8_t> m_history;  // the bytes [m_chunk_start - size, m_chunk_start)
};

}  // namespace archfit
