// LZ4 block format (https://github.com/lz4/lz4/blob/dev/doc/lz4_Block_format.md), decode only.
//
// A block is a run of sequences. Each starts with a token byte: the high nibble is the literal
// length, the low nibble the match length minus 4; a nibble of 15 continues with extra bytes that
// are added while they are 255. The literals follow, then a 2-byte little-endian back offset
// (1..65535 bytes back into the output) and the match is copied byte by byte (it may overlap
// itself). The last sequence stops after its literals. There is no header, no checksum and no
// end marker: the caller must know the decompressed size (CUDA fatbin entries record it).
//
// Debian ships no static liblz4, and a block decoder is short, so archfit carries its own.
#pragma once

#include <cstdint>
#include <vector>

#include "util/bytes.hpp"
#include "util/result.hpp"

namespace archfit {

// The most one LZ4 block of `input_size` bytes can expand to: a match length grows by at most 255
// per input byte, so anything claiming more is a lie, refused before any memory is set aside.
std::uint64_t lz4_max_decoded_size(std::uint64_t input_size);

// Decodes one LZ4 block that must expand to exactly `expected_size` bytes and returns its first
// `keep` bytes (all of it by default). With a smaller `keep`, only the 64 KiB an LZ4 back offset
// can reach is held while the rest is decoded, so memory does not follow the decoded size.
// Fails, naming the input offset, on a truncated sequence, a zero or too-distant back offset,
// output that would exceed `expected_size`, or a block that ends short of it.
Result<std::vector<std::uint8_t>> lz4_block_decode(Bytes input, std::uint64_t expected_size,
                                                   std::uint64_t keep = UINT64_MAX);

}  // namespace archfit
