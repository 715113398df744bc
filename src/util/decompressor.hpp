// Incremental decompression of one zlib stream (RFC 1950) or one zstd frame (RFC 8878).
//
// Readers of compressed containers usually need only the first few hundred bytes of the
// decompressed data (a table of contents), so `fill_to(n)` inflates just until `n` bytes are
// available and keeps the prefix; the rest of the input is never touched. Output never grows past
// the `limit` given at construction, which is how a lying "uncompressed size" or a
// decompression bomb is kept bounded.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "util/bytes.hpp"
#include "util/result.hpp"

namespace archfit {

enum class Compression { zlib, zstd };

std::string_view compression_name(Compression method);

class Decompressor {
 public:
  // `input` must outlive the decompressor. `limit` caps the total output in bytes.
  Decompressor(Compression method, Bytes input, std::uint64_t limit);
  Decompressor(Decompressor&&) noexcept;
  Decompressor& operator=(Decompressor&&) noexcept;
  ~Decompressor();

  // Decompresses until at least `size` bytes of output exist. Fails if the stream is corrupt,
  // the input ends first, or `size` is beyond the limit. The message says how far it got.
  Status fill_to(std::uint64_t size);

  // Decompresses everything (up to the limit); fails when the stream is corrupt or truncated,
  // or would exceed the limit.
  Status fill_all();

  // The output produced so far.
  Bytes output() const { return {m_output.data(), m_output.size()}; }

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
  std::uint64_t m_consumed = 0;
  bool m_finished = false;
  std::vector<std::uint8_t> m_output;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace archfit
