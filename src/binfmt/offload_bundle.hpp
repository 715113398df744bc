// Uncompressed clang offload bundles (clang/lib/Driver/OffloadBundler.cpp, BinaryFileHandler):
//
//   0x00  24 bytes  magic "__CLANG_OFFLOAD_BUNDLE__" (no NUL)
//   0x18  u64       number of entries (the host entry included)
//   0x20  entries, packed: u64 offset, u64 size, u64 id_length, id_length bytes of ID
//
// Entry offsets are relative to the magic. Payloads follow the table, each aligned to the bundle
// alignment (4096 for HIP); the host entry is empty and shares its offset with the next entry.
// Nothing records where the bundle ends: it is max(offset + size) over the entries.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "util/bytes.hpp"
#include "util/result.hpp"

namespace archfit::binfmt {

inline constexpr std::string_view k_offload_bundle_magic = "__CLANG_OFFLOAD_BUNDLE__";

struct OffloadBundleEntry {
  std::string id;
  std::uint64_t offset = 0;  // relative to the bundle's first byte
  std::uint64_t size = 0;
};

struct OffloadBundle {
  std::vector<OffloadBundleEntry> entries;  // in table order
  std::uint64_t end = 0;                    // max(offset + size): the bundle's extent
};

// Supplies bundle bytes [offset, offset + size). It lets the same parser read a mapped section or
// a decompressed stream that is inflated only as far as the table needs.
using BundleByteSource = std::function<Result<Bytes>(std::uint64_t offset, std::uint64_t size)>;

// Parses the header and entry table. `extent` is how many bytes the bundle may span (to the
// end of its section, or its uncompressed size); every entry must lie inside it. Error messages
// give offsets relative to the bundle.
Result<OffloadBundle> parse_offload_bundle(const BundleByteSource& source, std::uint64_t extent);

// Convenience for a bundle fully present in memory (`data` starts at the magic).
Result<OffloadBundle> parse_offload_bundle(Bytes data);

}  // namespace archfit::binfmt
