// How much decompression one input may cost. Compressed containers (CCOB offload bundles, zstd or
// LZ4 fatbin entries, deflated zip members) say how large their contents are, and a hostile file
// can say anything: a 67 KB CCOB may inflate to gigabytes, and ten 1 GiB claims fit in 816 bytes.
// Every decoder of one input draws on a shared budget of output bytes and of time; once either is
// spent, every further decode of that input fails at once with the same clear message, so a bomb
// ends in well under a second instead of minutes.
//
// The byte budget is a multiple of the input's own size (real device code compresses 2-20x; the
// factor leaves room for that), with a floor so that small inputs can still be read in full.
// Thread-safe: zip members of one input are scanned by several workers.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "util/result.hpp"

namespace archfit {

class DecompressionBudget {
 public:
  static constexpr std::uint64_t k_default_ratio = 64;
  static constexpr std::uint64_t k_default_floor = std::uint64_t{256} << 20;
  static constexpr std::chrono::seconds k_default_time{120};
  static constexpr std::uint64_t k_default_time_bytes_per_second = std::uint64_t{4} << 20;

  DecompressionBudget(std::uint64_t bytes, std::chrono::steady_clock::duration time);

  // The default budget for an input of `input_size` bytes: max(floor, ratio x size) bytes, and
  // k_default_time plus one second per 4 MiB of input, counted from now (the clock runs while the
  // input is scanned, so large inputs get the time their size needs).
  static std::shared_ptr<DecompressionBudget> for_input(std::uint64_t input_size);

  // Records `bytes` more decompressed output. Fails (and stays failed) once the total passes the
  // byte budget or the time budget has run out.
  Status charge(std::uint64_t bytes);

  // Fails when charging `bytes` would fail, without charging them (for a size a header claims).
  Status can_afford(std::uint64_t bytes) const;

  std::uint64_t limit_bytes() const { return m_limit; }
  std::uint64_t used_bytes() const { return m_used.load(std::memory_order_relaxed); }
  // Bytes that may still be charged (0 once spent).
  std::uint64_t remaining_bytes() const {
    std::uint64_t used = used_bytes();
    return used >= m_limit ? 0 : m_limit - used;
  }

 private:
  std::string over_bytes_message() const;
  std::string over_time_message() const;
  std::uint64_t m_limit;
  std::chrono::steady_clock::duration m_time;
  std::chrono::steady_clock::time_point m_deadline;
  std::atomic<std::uint64_t> m_used{0};
  std::atomic<bool> m_out_of_time{false};
};

}  // namespace archfit
