// Compressed clang offload bundles ("CCOB", clang/lib/Driver/OffloadBundler.cpp,
// CompressedOffloadBundle). A CCOB wraps one whole uncompressed bundle:
//
//   0x00 "CCOB"   0x04 u16 version   0x06 u16 method (0 = zlib, 1 = zstd)
//   v1 (20-byte header): 0x08 u32 uncompressed size, 0x0c u64 hash; data runs to the end of input
//   v2 (24-byte header): 0x08 u32 total size (header + data), 0x0c u32 uncompressed size, 0x10 hash
//   v3 (32-byte header): 0x08 u64 total size, 0x10 u64 uncompressed size, 0x18 hash
//
// The hash is the low 8 bytes of the MD5 of the uncompressed bundle. Entry offsets of the inner
// bundle are relative to the decompressed buffer.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "binfmt/offload_bundle.hpp"
#include "util/decompressor.hpp"

namespace archfit::binfmt {

inline constexpr std::string_view k_ccob_magic = "CCOB";

struct CompressedBundleHeader {
  std::uint16_t version = 0;
  Compression method = Compression::zstd;
  std::uint64_t header_size = 0;
  std::optional<std::uint64_t> total_size;  // v2/v3: header + compressed data
  std::uint64_t uncompressed_size = 0;
  std::uint64_t hash = 0;
};

// Reads the header at the start of `data`. Fails on an unknown version or method, or a header
// that runs past `data`.
Result<CompressedBundleHeader> parse_compressed_bundle_header(Bytes data);

// The total size (header + data) a v2/v3 header at the start of `data` records, or nullopt for
// v1 (which records none) and for anything that is not a CCOB header.
std::optional<std::uint64_t> compressed_bundle_total_size(Bytes data);

// Bytes kept from the start of each entry's payload when a bundle is decompressed in full: an ELF
// header (64 bytes) is all a --deep check reads, and a few more identify bitcode or SPIR-V.
inline constexpr std::uint64_t k_payload_head_size = 256;

// Everything about one compressed bundle that a scan reports.
struct CompressedBundle {
  CompressedBundleHeader header;
  OffloadBundle inner;       // entry table of the decompressed bundle
  std::uint64_t stored_size = 0;  // bytes the CCOB occupies (total size, or consumed input for v1)
  // With Decompress::everything: the first k_payload_head_size bytes of each entry's payload, in
  // table order. The whole bundle is decoded (and its size checked) but only these are kept, so
  // memory stays at a window of the stream however large the bundle is.
  std::vector<std::vector<std::uint8_t>> payload_heads;
};

enum class Decompress { table_only, everything };

// Parses a CCOB at the start of `data` (which may extend past it, e.g. to the end of a section).
// With Decompress::table_only it inflates only as far as the inner entry table. Decompressed
// bytes are charged to `budget`, or, when none is given, to a budget of its own sized for `data`
// (DecompressionBudget::for_input); a header claiming more than the budget has left is refused
// before decoding with Decompress::everything.
Result<CompressedBundle> parse_compressed_bundle(Bytes data, Decompress mode,
                                                 DecompressionBudget* budget = nullptr);

}  // namespace archfit::binfmt
