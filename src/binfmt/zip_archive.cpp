#include "binfmt/zip_archive.hpp"

#include <zlib.h>

#include <algorithm>
#include <climits>

#include <fmt/format.h>

#include "util/hex.hpp"

namespace archfit::binfmt {

namespace {

constexpr std::uint32_t k_eocd_signature = 0x06054b50;
constexpr std::uint32_t k_zip64_locator_signature = 0x07064b50;
constexpr std::uint32_t k_zip64_eocd_signature = 0x06064b50;
constexpr std::uint32_t k_central_signature = 0x02014b50;
constexpr std::uint32_t k_local_signature = 0x04034b50;
constexpr std::uint64_t k_eocd_size = 22;
constexpr std::uint64_t k_central_size = 46;
constexpr std::uint64_t k_local_size = 30;
constexpr std::uint64_t k_max_comment = 0xffff;
constexpr std::uint32_t k_zip64_marker = 0xffffffff;

struct CentralLocation {
  std::uint64_t offset = 0;
  std::uint64_t size = 0;
  std::uint64_t count = 0;
  bool zip64 = false;
};

Result<std::uint64_t> find_eocd(Bytes data) {
  if (data.size() < k_eocd_size) {
    return Error{fmt::format("zip end of central directory: file is {} bytes, the record needs 22", data.size())};
  }
  std::uint64_t lowest = data.size() > k_eocd_size + k_max_comment ? data.size() - k_eocd_size - k_max_comment : 0;
  for (std::uint64_t at = data.size() - k_eocd_size + 1; at-- > lowest;) {
    if (read_le<std::uint32_t>(data, at) == k_eocd_signature) {
      return at;
    }
  }
  return Error{"zip end of central directory record (PK\\5\\6) not found in the last 64 KiB"};
}

Result<CentralLocation> locate_central_directory(Bytes data) {
  ARCHFIT_TRY(std::uint64_t eocd, find_eocd(data));
  CentralLocation location;
  location.count = read_le<std::uint16_t>(data, eocd + 10).value_or(0);
  location.size = read_le<std::uint32_t>(data, eocd + 12).value_or(0);
  location.offset = read_le<std::uint32_t>(data, eocd + 16).value_or(0);
  if (eocd >= 20 && read_le<std::uint32_t>(data, eocd - 20) == k_zip64_locator_signature) {
    std::uint64_t record = read_le<std::uint64_t>(data, eocd - 20 + 8).value_or(UINT64_MAX);
    if (read_le<std::uint32_t>(data, record) != k_zip64_eocd_signature) {
      return Error{fmt::format("zip64 end of central directory at offset {}: bad signature (locator at {})",
                               hex(record), hex(eocd - 20))};
    }
    auto count = read_le<std::uint64_t>(data, record + 32);
    auto size = read_le<std::uint64_t>(data, record + 40);
    auto offset = read_le<std::uint64_t>(data, record + 48);
    if (!count || !size || !offset) {
      return Error{fmt::format("zip64 end of central directory at offset {}: truncated", hex(record))};
    }
    location = {*offset, *size, *count, true};
  }
  auto end = checked_add(location.offset, location.size);
  if (!end || *end > data.size()) {
    return Error{fmt::format("zip central directory at offset {} size {} runs past end of file (size {})",
                             hex(location.offset), location.size, hex(data.size()))};
  }
  if (location.count > location.size / k_central_size) {
    return Error{fmt::format("zip central directory at offset {}: {} entries cannot fit in {} bytes",
                             hex(location.offset), location.count, location.size)};
  }
  return location;
}

// Replaces 0xFFFFFFFF fields with their zip64 extra-field values, in APPNOTE order.
Status apply_zip64_extra(Bytes extra, ZipMember& member, std::uint64_t entry_offset, bool sizes_marked[3]) {
  for (std::uint64_t at = 0; at + 4 <= extra.size();) {
    std::uint16_t id = read_le<std::uint16_t>(extra, at).value_or(0);
    std::uint16_t size = read_le<std::uint16_t>(extra, at + 2).value_or(0);
    auto field = slice(extra, at + 4, size);
    if (!field) {
      return Error{fmt::format("zip central entry at offset {}: extra field {:#06x} runs past its entry",
                               hex(entry_offset), id)};
    }
    if (id == 0x0001) {
      std::uint64_t* targets[3] = {&member.uncompressed_size, &member.compressed_size, &member.local_header_offset};
      std::uint64_t position = 0;
      for (int i = 0; i < 3; ++i) {
        if (!sizes_marked[i]) {
          continue;
        }
        auto value = read_le<std::uint64_t>(*field, position);
        if (!value) {
          return Error{fmt::format("zip central entry at offset {}: zip64 extra field is too short",
                                   hex(entry_offset))};
        }
        *targets[i] = *value;
        position += 8;
      }
      return Ok{};
    }
    at += 4 + size;
  }
  if (sizes_marked[0] || sizes_marked[1] || sizes_marked[2]) {
    return Error{fmt::format("zip central entry at offset {}: sizes marked zip64 but no zip64 extra field",
                             hex(entry_offset))};
  }
  return Ok{};
}

Result<ZipMember> read_central_entry(Bytes data, std::uint64_t at, std::uint64_t& next) {
  auto fixed = slice(data, at, k_central_size);
  if (!fixed || read_le<std::uint32_t>(*fixed, 0) != k_central_signature) {
    return Error{fmt::format("zip central directory entry at offset {}: bad signature or truncated", hex(at))};
  }
  ZipMember member;
  member.flags = read_le<std::uint16_t>(*fixed, 8).value_or(0);
  member.method = read_le<std::uint16_t>(*fixed, 10).value_or(0);
  member.crc32 = read_le<std::uint32_t>(*fixed, 16).value_or(0);
  std::uint32_t compressed = read_le<std::uint32_t>(*fixed, 20).value_or(0);
  std::uint32_t uncompressed = read_le<std::uint32_t>(*fixed, 24).value_or(0);
  std::uint16_t name_length = read_le<std::uint16_t>(*fixed, 28).value_or(0);
  std::uint16_t extra_length = read_le<std::uint16_t>(*fixed, 30).value_or(0);
  std::uint16_t comment_length = read_le<std::uint16_t>(*fixed, 32).value_or(0);
  std::uint32_t local = read_le<std::uint32_t>(*fixed, 42).value_or(0);
  auto name = slice(data, at + k_central_size, name_length);
  auto extra = slice(data, at + k_central_size + name_length, extra_length);
  if (!name || !extra) {
    return Error{fmt::format("zip central directory entry at offset {}: name/extra run past end of file", hex(at))};
  }
  member.name = std::string(as_chars(*name));
  member.compressed_size = compressed;
  member.uncompressed_size = uncompressed;
  member.local_header_offset = local;
  bool marked[3] = {uncompressed == k_zip64_marker, compressed == k_zip64_marker, local == k_zip64_marker};
  auto status = apply_zip64_extra(*extra, member, at, marked);
  if (!status) {
    return status.error();
  }
  next = at + k_central_size + name_length + extra_length + comment_length;
  return member;
}

}  // namespace

bool is_zip(Bytes data) { return read_le<std::uint32_t>(data, 0) == k_local_signature; }

Result<ZipDirectory> read_zip_directory(Bytes data) {
  ARCHFIT_TRY(CentralLocation location, locate_central_directory(data));
  ZipDirectory directory;
  directory.zip64 = location.zip64;
  directory.members.reserve(static_cast<std::size_t>(location.count));
  std::uint64_t at = location.offset;
  for (std::uint64_t i = 0; i < location.count; ++i) {
    std::uint64_t next = 0;
    ARCHFIT_TRY(ZipMember member, read_central_entry(data, at, next));
    directory.members.push_back(std::move(member));
    at = next;
  }
  return directory;
}

Result<Bytes> zip_member_data(Bytes data, const ZipMember& member) {
  auto header = slice(data, member.local_header_offset, k_local_size);
  if (!header || read_le<std::uint32_t>(*header, 0) != k_local_signature) {
    return Error{fmt::format("zip local header of '{}' at offset {}: bad signature or truncated", member.name,
                             hex(member.local_header_offset))};
  }
  std::uint64_t name_length = read_le<std::uint16_t>(*header, 26).value_or(0);
  std::uint64_t extra_length = read_le<std::uint16_t>(*header, 28).value_or(0);
  std::uint64_t start = member.local_header_offset + k_local_size + name_length + extra_length;
  auto bytes = slice(data, start, member.compressed_size);
  if (!bytes) {
    return Error{fmt::format("zip member '{}': {} compressed bytes at offset {} run past end of file (size {})",
                             member.name, member.compressed_size, hex(start), hex(data.size()))};
  }
  return *bytes;
}

std::map<std::size_t, std::string> suspicious_zip_members(Bytes data, const ZipDirectory& directory) {
  std::map<std::size_t, std::string> suspicious;
  struct Range {
    std::uint64_t start;
    std::uint64_t end;
    std::size_t index;
  };
  std::vector<Range> ranges;
  for (std::size_t i = 0; i < directory.members.size(); ++i) {
    const auto& member = directory.members[i];
    // The CRC-32 of no data is 0. An empty deflate stream takes 2 bytes (a final fixed block with
    // only end-of-block) from most writers, 5 (an empty stored block) from some: a few dozen bytes
    // is the most an honest empty member holds.
    constexpr std::uint64_t k_max_empty_stored = 64;
    if (member.uncompressed_size == 0 && !member.is_directory() &&
        (member.crc32 != 0 || member.compressed_size > k_max_empty_stored)) {
      suspicious[i] = fmt::format("declares 0 bytes, yet its CRC-32 is {} and it stores {} compressed bytes "
                                  "(data hidden behind a zero size)",
                                  hex(member.crc32), member.compressed_size);
    }
    auto stored = zip_member_data(data, member);
    if (stored && !stored->empty()) {
      auto start = static_cast<std::uint64_t>(stored->data() - data.data());
      ranges.push_back({start, start + stored->size(), i});
    }
  }
  std::sort(ranges.begin(), ranges.end(), [](const Range& a, const Range& b) { return a.start < b.start; });
  // Each range is compared with the one reaching farthest among those before it.
  const Range* reach = nullptr;
  for (const auto& range : ranges) {
    if (reach != nullptr && range.start < reach->end) {
      suspicious[range.index] = fmt::format(
          "has data at {}..{} that overlaps the data of member '{}' at {}..{} (an overlapping zip bomb?)",
          hex(range.start), hex(range.end), directory.members[reach->index].name, hex(reach->start), hex(reach->end));
    }
    if (reach == nullptr || range.end > reach->end) {
      reach = &range;
    }
  }
  return suspicious;
}

std::optional<std::string> unsafe_member_name(const std::string& name) {
  if (name.starts_with('/') || name.starts_with('\\') || (name.size() > 1 && name[1] == ':')) {
    return "absolute path";
  }
  std::string_view rest = name;
  while (!rest.empty()) {
    auto slash = rest.find_first_of("/\\");
    if (rest.substr(0, slash) == "..") {
      return "'..' component";
    }
    if (slash == std::string_view::npos) {
      break;
    }
    rest.remove_prefix(slash + 1);
  }
  return std::nullopt;
}

Status stream_zip_member(Bytes compressed, const ZipMember& member, std::size_t chunk_size,
                         const std::function<bool(Bytes chunk)>& sink,
                         const std::function<void(Bytes consumed)>& consumed_callback) {
  if ((member.flags & 1) != 0) {
    return Error{fmt::format("zip member '{}' is encrypted", member.name)};
  }
  if (member.method == 0) {
    if (compressed.size() != member.uncompressed_size) {
      return Error{fmt::format("zip member '{}': stored, but sizes differ ({} vs {})", member.name,
                               compressed.size(), member.uncompressed_size)};
    }
    for (std::size_t at = 0; at < compressed.size(); at += chunk_size) {
      if (!sink(compressed.subspan(at, std::min(chunk_size, compressed.size() - at)))) {
        return Ok{};
      }
    }
    return Ok{};
  }
  if (member.method != 8) {
    return Error{fmt::format("zip member '{}': compression method {} is not supported (stored and deflate are)",
                             member.name, member.method)};
  }
  z_stream stream{};
  if (inflateInit2(&stream, -MAX_WBITS) != Z_OK) {
    return Error{"cannot initialise zlib"};
  }
  std::vector<std::uint8_t> buffer(chunk_size);
  std::uint64_t produced = 0;
  std::uint32_t crc = static_cast<std::uint32_t>(::crc32(0, nullptr, 0));
  std::size_t consumed = 0;
  std::size_t released = 0;
  constexpr std::size_t k_input_window = 4 << 20;  // input handed to inflate at a time
  Status status = Ok{};
  while (true) {
    if (consumed_callback && consumed - released >= k_input_window) {
      consumed_callback(compressed.subspan(released, consumed - released));
      released = consumed;
    }
    std::size_t in_now = std::min<std::size_t>(compressed.size() - consumed, k_input_window);
    stream.next_in = const_cast<Bytef*>(compressed.data() + consumed);
    stream.avail_in = static_cast<uInt>(in_now);
    stream.next_out = buffer.data();
    stream.avail_out = static_cast<uInt>(buffer.size());
    int rc = inflate(&stream, Z_NO_FLUSH);
    consumed += in_now - stream.avail_in;
    std::size_t got = buffer.size() - stream.avail_out;
    produced += got;
    if (produced > member.uncompressed_size) {
      status = Error{fmt::format("zip member '{}': inflates past its declared size of {} bytes", member.name,
                                 member.uncompressed_size)};
      break;
    }
    crc = static_cast<std::uint32_t>(::crc32(crc, buffer.data(), static_cast<uInt>(got)));
    if (got > 0 && !sink(Bytes(buffer.data(), got))) {
      break;
    }
    if (rc == Z_STREAM_END) {
      if (produced != member.uncompressed_size || crc != member.crc32) {
        status = Error{fmt::format("zip member '{}': {} bytes with CRC {:#010x}, central directory says {} bytes "
                                   "with CRC {:#010x}",
                                   member.name, produced, crc, member.uncompressed_size, member.crc32)};
      }
      break;
    }
    if (rc != Z_OK && !(rc == Z_BUF_ERROR && got > 0)) {
      status = Error{fmt::format("zip member '{}': corrupt deflate data after {} input bytes{}", member.name,
                                 consumed, rc == Z_BUF_ERROR ? " (truncated)" : "")};
      break;
    }
  }
  inflateEnd(&stream);
  return status;
}

}  // namespace archfit::binfmt
