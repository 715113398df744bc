// CUDA fat binaries (NVIDIA's fatbinary.h; docs: formats.md §4). nvcc stores device code in the
// `.nv_fatbin` section of a linked file (`__nv_relfatbin` for -rdc objects), and `nvcc -fatbin`
// writes the same bytes to a file. A section holds fatbin containers back to back, each starting
// at an 8-aligned offset, zero padding between them:
//
//   container header (16 bytes)          entry header (headerSize bytes, at least 0x40)
//   0x00 u32 magic 0xBA55ED50            0x00 u16 kind: 1 PTX, 2 ELF (cubin), others seen
//   0x04 u16 version 1                   0x04 u32 headerSize   0x08 u64 payloadSize (8-padded)
//   0x06 u16 headerSize (0x10)           0x10 u32 compressedSize   0x14 u32 optionsOffset
//   0x08 u64 fatSize: bytes of entries   0x18 u16 minor  0x1A u16 major (PTX ISA, or ELF 1.7/1.8)
//        after the header                0x1C u32 arch (decimal SM)   0x28 u64 flags
//                                        0x38 u64 uncompressedSize
//
// Entries follow each other (next = entry + headerSize + payloadSize) up to the container end.
// The flags carry the compression (0x2000 LZ4 block, 0x8000 zstd frame) and, as observed with
// nvcc 13.0 and confirmed by cuobjdump's "arch = sm_90a / sm_100f" lines, the arch variant:
// 0x00100000 'a' (arch-specific), 0x00200000 'f' (family-specific). The arch number has no suffix.
// nvcc sometimes emits an empty container (fatSize 0) before the real one: it is skipped.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/bytes.hpp"
#include "util/decompression_budget.hpp"
#include "util/enum_names.hpp"
#include "util/result.hpp"

namespace archfit::binfmt {

inline constexpr std::uint32_t k_fatbin_magic = 0xBA55ED50;
inline constexpr std::uint64_t k_fatbin_alignment = 8;
inline constexpr std::uint64_t k_fatbin_container_header_size = 16;
inline constexpr std::uint64_t k_fatbin_entry_min_header_size = 0x40;

inline constexpr std::uint16_t k_fatbin_kind_ptx = 1;
inline constexpr std::uint16_t k_fatbin_kind_elf = 2;

inline constexpr std::uint64_t k_fatbin_flag_debug = 0x2;
inline constexpr std::uint64_t k_fatbin_flag_compress_old = 0x1000;
inline constexpr std::uint64_t k_fatbin_flag_lz4 = 0x2000;
inline constexpr std::uint64_t k_fatbin_flag_zstd = 0x8000;
inline constexpr std::uint64_t k_fatbin_flag_arch_specific = 0x00100000;
inline constexpr std::uint64_t k_fatbin_flag_family_specific = 0x00200000;

enum class FatbinCompression { none, lz4, zstd, unknown };

// "" (none), "lz4", "zstd", "unknown": scan's `compression` of a CUDA entry (empty: stored plain).
inline constexpr EnumNames<FatbinCompression, 4> k_fatbin_compression_names = {{
    {FatbinCompression::none, ""},
    {FatbinCompression::lz4, "lz4"},
    {FatbinCompression::zstd, "zstd"},
    {FatbinCompression::unknown, "unknown"},
}};
constexpr std::string_view fatbin_compression_name(FatbinCompression compression) {
  return enum_name(k_fatbin_compression_names, compression);
}

struct FatbinEntry {
  std::uint64_t offset = 0;          // entry start, relative to the walked region
  std::uint16_t kind = 0;
  std::uint32_t header_size = 0;
  std::uint64_t payload_size = 0;    // as stored, padded to 8
  std::uint32_t compressed_size = 0;
  std::uint64_t uncompressed_size = 0;
  std::uint16_t version_major = 0;   // PTX ISA major, or 1 for ELF
  std::uint16_t version_minor = 0;   // PTX ISA minor, or the cubin ABI (7, 8) for ELF
  std::uint32_t arch = 0;
  std::uint64_t flags = 0;
  std::string identifier;            // object name, when the entry records one
  FatbinCompression compression = FatbinCompression::none;

  std::uint64_t payload_offset() const { return offset + header_size; }
  // Bytes of payload that are data: compressedSize when compressed, else payloadSize.
  std::uint64_t stored_bytes() const;
  // "a", "f" or "" from the variant flags.
  std::string_view variant() const;
  // cuobjdump's name: "sm_90a" for ELF, "compute_90" for PTX, "kind<N>_<arch>" otherwise.
  std::string target_name() const;
};

struct FatbinContainer {
  std::uint64_t offset = 0;  // relative to the walked region
  // Set when the byte source could not supply [missing_offset, +missing_size) yet (streaming):
  // parse again once those bytes are there.
  bool incomplete = false;
  std::uint64_t missing_offset = 0;
  std::uint64_t missing_size = 0;
  std::uint16_t version = 0;
  std::uint16_t header_size = 0;
  std::uint64_t fat_size = 0;  // as recorded (may lie: see CudaFatbinWalk::errors)
  std::uint64_t end = 0;       // offset + header + fat size, clamped to the region
  std::vector<FatbinEntry> entries;
};

struct CudaFatbinWalk {
  std::vector<FatbinContainer> containers;  // non-empty containers, in region order
  std::vector<Error> errors;                // each names the structure and its region offset
};

// True when `data` starts with a fatbin container header (a standalone .fatbin file).
bool is_cuda_fatbin(Bytes data);

// Parses the container at `offset` of `region` and its entries. Never fails outright: a problem
// with one entry ends that container's entry list and is returned in `errors`.
FatbinContainer parse_fatbin_container(Bytes region, std::uint64_t offset, std::vector<Error>& errors);

// The same over bytes supplied on demand: `source(offset, size)` returns them, or nullopt when they
// are not available yet, in which case the container comes back `incomplete`. `region_size` bounds
// every structure, as the region's size does above. Only headers are read, never payloads.
using FatbinByteSource = std::function<std::optional<Bytes>(std::uint64_t offset, std::uint64_t size)>;
FatbinContainer parse_fatbin_container(const FatbinByteSource& source, std::uint64_t region_size,
                                       std::uint64_t offset, std::vector<Error>& errors);

// Walks every container in a section (or a whole .fatbin file). A bad magic at an aligned
// offset that is not zero padding is reported once, then the walk resynchronises by probing
// 8-aligned offsets for the next container magic.
// `visited`, when given, is called with each container's bytes once it has been parsed (callers
// reading a memory map use it to let those pages go).
CudaFatbinWalk walk_cuda_fatbin(Bytes region, const std::function<void(Bytes)>& visited = {});

// The same walk over bytes supplied on demand (e.g. read with pread from a file instead of through
// a memory map). Same containers, entries and errors as the walk over the region's bytes; nullopt
// when `source` could not supply bytes inside the region. `visited` gets each container's range.
std::optional<CudaFatbinWalk> walk_cuda_fatbin(const FatbinByteSource& source, std::uint64_t region_size,
                                               const std::function<void(std::uint64_t, std::uint64_t)>& visited = {});

// The entry's stored payload bytes (compressed data when compressed). Fails when out of range.
Result<Bytes> fatbin_entry_payload(Bytes region, const FatbinEntry& entry);

// The entry's payload, decompressed when it is compressed (LZ4 or zstd), at most `limit` bytes;
// only its first `keep` bytes are returned. The whole payload is decoded as a stream (so a corrupt
// tail or a wrong size is still found) but memory follows `keep` and the data, never the size the
// header claims; decoded bytes are charged to `budget` when given. Fails on an unknown
// compression, corrupt data, a size that disagrees with the header, or a spent budget.
Result<std::vector<std::uint8_t>> fatbin_entry_contents(Bytes region, const FatbinEntry& entry,
                                                        std::uint64_t limit,
                                                        DecompressionBudget* budget = nullptr,
                                                        std::uint64_t keep = UINT64_MAX);

// `.version M.m` and `.target sm_XY` from PTX text (the first of each), empty when absent.
struct PtxHeader {
  std::string version;  // "9.0"
  std::string target;   // "sm_90a"
};
PtxHeader parse_ptx_header(std::string_view text);

}  // namespace archfit::binfmt
