// Incremental decompression of one zlib stream (RFC 1950) or one zstd frame (RFC 8878).
//
// Readers of compressed containers usually need only the first few hundred bytes of the
// decompressed data (a table of contents), so `fill_to(n)` inflates just until `n` bytes are
// available and keeps the prefix; the rest of the input is never touched. Output never grows past
// the `limit` given at construction, which is how a lying "uncompressed size" or a
// decompression bomb is kept bounded; memory grows with what the stream really yields, never with
// what a header claims. Readers that walk the whole output front to back (--deep) call
// `discard_before` as they go, so only a window is held, and every byte produced is charged to the
// input's DecompressionBudget when one is given.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "util/bytes.hpp"
#include "util/decompression_budget.hpp"
#include "util/result.hpp"

namespace archfit {

enum class Compression { zlib, zstd };

std::string_view compression_name(Compression method);

class Decompressor {
 public:
  // `input` (and `budget`, when given) must outlive the decompressor. `limit` caps the total
  // output in bytes; a zstd frame may ask for a window beyond 128 MiB only up to the limit and
  // to what the budget has left when decoding starts.
  Decompressor(Compression method, Bytes input, std::uint64_t limit, DecompressionBudget* budget = nullptr);
  Decompressor(Decompressor&&) noexcept;
  Decompressor& operator=(Decompressor&&) noexcept;
  ~Decompressor();

  // Decompresses until at least `size` bytes of output exist (counted from the stream's start).
  // Fails if the stream is corrupt, the input ends first, `size` is beyond the limit, or the
  // budget is spent. The message says how far it got.
  Status fill_to(std::uint64_t size);

  // Decompresses the next chunk (up to `chunk` bytes) into the window. Fails as fill_to does;
  // does nothing once the stream has ended.
  Status fill_more(std::uint64_t chunk);

  // Decompresses everything (up to the limit); fails when the stream is corrupt or truncated,
  // or would exceed the limit.
  Status fill_all();

  // The output held: stream bytes [window_start(), produced()).
  Bytes output() const { return {m_output.data(), m_output.size()}; }
  std::uint64_t window_start() const { return m_window_start; }
  std::uint64_t produced() const { return m_window_start + m_output.size(); }

  // Forgets the output before stream offset `offset` (it stays counted in produced()).
  void discard_before(std::uint64_t offset);

  // True once the stream's end marker has been decoded.
  bool finished() const { return m_finished; }

  // Input bytes consumed so far.
  std::uint64_t consumed() const { return m_consumed; }

 private:
  Status step(std::uint64_t want);
  struct Impl;
  Compression m_method;
  Bytes m_input;
  std::uint64_t m_limit;
  DecompressionBudget* m_budget;
  std::uint64_t m_window_start = 0;
  std::uint64_t m_consumed = 0;
  bool m_finished = false;
  std::vector<std::uint8_t> m_output;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace archfit
