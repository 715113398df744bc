// Walking a `.hip_fatbin` section (clang/lib/CodeGen/CGCUDANV.cpp, clang/lib/Driver/ToolChains/
// HIPUtility.cpp). At link time every translation unit's bundle is appended, each starting on a
// 4096-byte boundary of the section, with zero padding between them. A bundle is either plain
// (`__CLANG_OFFLOAD_BUNDLE__`) or compressed (`CCOB`).
//
// The walk probes only 4096-aligned section offsets: "CCOB" can occur by chance inside zstd data,
// and scanning byte by byte would find it (the LLVM bug fixed in llvm-project #205587). A plain
// bundle ends at max(offset + size) of its entries; a CCOB v2/v3 at its total size; a CCOB v1,
// which records no compressed size, at the next aligned offset that starts another bundle.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "binfmt/compressed_bundle.hpp"
#include "binfmt/offload_bundle.hpp"
#include "util/mapped_file.hpp"

namespace archfit::binfmt {

inline constexpr std::uint64_t k_hip_bundle_alignment = 4096;

struct FoundBundle {
  std::uint64_t section_offset = 0;  // where the bundle starts inside the section
  bool compressed = false;
  std::optional<CompressedBundleHeader> ccob;  // for compressed bundles
  std::uint64_t stored_size = 0;     // bytes occupied in the section
  OffloadBundle bundle;              // entries; offsets relative to the (decompressed) bundle
  // Compressed bundles decoded in full (deep scans): each entry's first bytes, in table order
  // (CompressedBundle::payload_heads).
  std::vector<std::vector<std::uint8_t>> payload_heads;
};

// The record for a compressed bundle found at `section_offset`.
FoundBundle found_compressed_bundle(CompressedBundle&& parsed, std::uint64_t section_offset);

struct FatbinWalk {
  std::vector<FoundBundle> bundles;
  std::vector<Error> errors;  // one per bad bundle; the walk resumes at the next aligned offset
};

// Finds and parses every bundle in a section's bytes. Messages give section-relative offsets.
// Decompression is charged to `budget` when given. `visited`, when given, is called with each
// bundle's stored bytes once it has been parsed (callers reading a memory map let those pages go,
// so a deep scan holds one bundle at a time, not the section). `headers_from`, when the section
// lies in that file mapping, has the plain bundles' headers read with pread instead of through
// the mapping (for a walk that reads headers only; see hip_fatbin.cpp).
FatbinWalk walk_hip_fatbin(Bytes section, Decompress mode, DecompressionBudget* budget = nullptr,
                           const std::function<void(Bytes)>& visited = {},
                           const MappedFile* headers_from = nullptr);

}  // namespace archfit::binfmt
