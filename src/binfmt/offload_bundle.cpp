#include "binfmt/offload_bundle.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "util/hex.hpp"

namespace archfit::binfmt {

namespace {

constexpr std::uint64_t k_count_offset = 24;
constexpr std::uint64_t k_table_offset = 32;
constexpr std::uint64_t k_entry_fixed_size = 24;

}  // namespace

Result<OffloadBundle> parse_offload_bundle(const BundleByteSource& source, std::uint64_t extent) {
  auto header = source(0, k_table_offset);
  if (!header) {
    return Error{fmt::format("offload bundle header: {}", header.error().message)};
  }
  if (!has_magic(*header, 0, k_offload_bundle_magic)) {
    return Error{"offload bundle header: bad magic"};
  }
  std::uint64_t count = read_le<std::uint64_t>(*header, k_count_offset).value_or(0);
  // Each entry needs at least 24 bytes of table, so a count that cannot fit is a lie.
  auto table_bytes = checked_mul(count, k_entry_fixed_size);
  if (count == 0) {
    return Error{"offload bundle header at +0x18: entry count 0: a bundle with no entries carries no code"};
  }
  if (!table_bytes || *table_bytes > extent - std::min(extent, k_table_offset)) {
    return Error{fmt::format("offload bundle header at +0x18: entry count {} does not fit in {} bytes", count,
                             extent)};
  }
  OffloadBundle bundle;
  bundle.entries.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(count, 4096)));
  std::uint64_t position = k_table_offset;
  for (std::uint64_t i = 0; i < count; ++i) {
    auto fixed = source(position, k_entry_fixed_size);
    if (!fixed) {
      return Error{fmt::format("offload bundle entry {} at +{}: {}", i, hex(position), fixed.error().message)};
    }
    OffloadBundleEntry entry;
    entry.offset = read_le<std::uint64_t>(*fixed, 0).value_or(0);
    entry.size = read_le<std::uint64_t>(*fixed, 8).value_or(0);
    std::uint64_t id_length = read_le<std::uint64_t>(*fixed, 16).value_or(0);
    auto id_offset = checked_add(position, k_entry_fixed_size);
    auto id_end = id_offset ? checked_add(*id_offset, id_length) : std::nullopt;
    if (!id_end || *id_end > extent) {
      return Error{fmt::format("offload bundle entry {} at +{}: ID length {} runs past the bundle ({} bytes)", i,
                               hex(position), id_length, extent)};
    }
    auto id = source(*id_offset, id_length);
    if (!id) {
      return Error{fmt::format("offload bundle entry {} ID at +{}: {}", i, hex(*id_offset), id.error().message)};
    }
    entry.id = std::string(as_chars(*id));
    auto payload_end = checked_add(entry.offset, entry.size);
    if (entry.offset == 0 || !payload_end || *payload_end > extent) {
      return Error{fmt::format("offload bundle entry {} '{}': payload at +{} size {} lies outside the bundle ({} "
                               "bytes)",
                               i, entry.id, hex(entry.offset), entry.size, extent)};
    }
    bundle.end = std::max(bundle.end, *payload_end);
    bundle.entries.push_back(std::move(entry));
    position = *id_end;
  }
  bundle.end = std::max(bundle.end, position);
  return bundle;
}

Result<OffloadBundle> parse_offload_bundle(Bytes data) {
  return parse_offload_bundle(
      [data](std::uint64_t offset, std::uint64_t size) -> Result<Bytes> {
        auto bytes = slice(data, offset, size);
        if (!bytes) {
          return Error{fmt::format("{} bytes at +{} run past the end ({} bytes)", size, hex(offset), data.size())};
        }
        return *bytes;
      },
      data.size());
}

}  // namespace archfit::binfmt
