// Zip archives (PKWARE APPNOTE.TXT 6.3.x), the container of Python wheels.
//
// The central directory at the end lists every member; it is found through the End Of Central
// Directory record (signature PK\5\6, in the last 64 KiB + 22 bytes), or, for zip64 archives,
// through the zip64 EOCD locator (PK\6\7) just before it and the zip64 EOCD record (PK\6\6) it
// points to. Each central entry (PK\1\2, 46 bytes + name + extra + comment) gives the method
// (0 stored, 8 deflate), CRC-32, sizes and the local header offset; 0xFFFFFFFF in a size or offset
// means the real value is in the zip64 extra field (id 0x0001). The member's data starts after its
// local header (PK\3\4, 30 bytes + name + extra — the local extra may differ from the central one).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "util/bytes.hpp"
#include "util/result.hpp"

namespace archfit::binfmt {

struct ZipMember {
  std::string name;
  std::uint16_t method = 0;  // 0 stored, 8 deflate
  std::uint16_t flags = 0;   // bit 0: encrypted
  std::uint32_t crc32 = 0;
  std::uint64_t compressed_size = 0;
  std::uint64_t uncompressed_size = 0;
  std::uint64_t local_header_offset = 0;
  bool is_directory() const { return !name.empty() && name.back() == '/'; }
};

struct ZipDirectory {
  std::vector<ZipMember> members;
  bool zip64 = false;
};

bool is_zip(Bytes data);

// Reads the central directory. Fails, naming the record and offset, when it is missing, lies
// outside the file, or its count does not fit its size.
Result<ZipDirectory> read_zip_directory(Bytes data);

// The member's stored bytes (compressed, as in the file), located through its local header.
Result<Bytes> zip_member_data(Bytes data, const ZipMember& member);

// Members whose data must not be read, by index, with the reason. The data ranges (after each
// local header, whose extra-field length is the member's own claim) must not overlap: a zip bomb
// points many members, each with its own local header, at one shared deflate stream. A member
// that declares 0 bytes but carries a non-zero CRC-32 or more compressed data than an empty
// stream needs hides data behind the size: it is named, not silently skipped.
std::map<std::size_t, std::string> suspicious_zip_members(Bytes data, const ZipDirectory& directory);

// A reason the member name is unsafe to extract ("absolute path", "'..' component"), or nullopt.
// archfit never writes members to disk; this is reported so users know the archive is hostile.
std::optional<std::string> unsafe_member_name(const std::string& name);

// Feeds the member's uncompressed bytes to `sink` in order, in chunks of at most `chunk_size`,
// without holding the whole member. Stops early when the sink returns false. Checks the declared
// size and the CRC-32 when the whole member was read; never produces more than the declared size
// (a zip bomb ends in an error, not in memory exhaustion).
// `consumed`, when given, is called with each stretch of `compressed` that inflate has finished
// with, so that a caller reading from a memory map can let those pages go.
Status stream_zip_member(Bytes compressed, const ZipMember& member, std::size_t chunk_size,
                         const std::function<bool(Bytes chunk)>& sink,
                         const std::function<void(Bytes consumed)>& consumed = {});

}  // namespace archfit::binfmt
