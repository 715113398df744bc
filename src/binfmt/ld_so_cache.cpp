#include "binfmt/ld_so_cache.hpp"

#include <fmt/format.h>

#include "util/hex.hpp"

namespace archfit::binfmt {

namespace {

constexpr std::string_view k_old_magic = "ld.so-1.7.0";
constexpr std::string_view k_new_magic = "glibc-ld.so.cache1.1";
constexpr std::uint64_t k_old_header = 16;
constexpr std::uint64_t k_old_entry = 12;
constexpr std::uint64_t k_new_header = 48;
constexpr std::uint64_t k_new_entry = 24;

Result<std::vector<LdCacheEntry>> parse_new(Bytes data, std::uint64_t base, std::string_view only) {
  auto nlibs = read_le<std::uint32_t>(data, base + 20);
  if (!nlibs) {
    return Error{fmt::format("ld.so.cache: new-format header at {} is truncated", hex(base))};
  }
  auto table_size = checked_add(0, std::uint64_t{*nlibs} * k_new_entry);
  auto table_end = table_size ? checked_add(base + k_new_header, *table_size) : std::nullopt;
  if (!table_end || *table_end > data.size()) {
    return Error{fmt::format("ld.so.cache: {} entries at {} run past the end of the file ({} bytes)", *nlibs,
                             hex(base + k_new_header), data.size())};
  }
  Bytes strings = data.subspan(base);
  std::vector<LdCacheEntry> entries;
  for (std::uint64_t i = 0; i < *nlibs; ++i) {
    std::uint64_t at = base + k_new_header + i * k_new_entry;
    auto flags = read_le<std::uint32_t>(data, at);
    auto key = read_le<std::uint32_t>(data, at + 4);
    auto value = read_le<std::uint32_t>(data, at + 8);
    auto hwcap = read_le<std::uint64_t>(data, at + 16);
    auto soname = read_cstring(strings, key.value_or(UINT32_MAX));
    auto path = read_cstring(strings, value.value_or(UINT32_MAX));
    if (!soname || !path) {
      return Error{fmt::format("ld.so.cache: entry {} at {}: string offset {} or {} is outside the file", i, hex(at),
                               hex(key.value_or(0)), hex(value.value_or(0)))};
    }
    if (!only.empty() && *soname != only) {
      continue;
    }
    entries.push_back({std::string(*soname), std::string(*path), static_cast<std::int32_t>(flags.value_or(0)),
                       hwcap.value_or(0)});
  }
  return entries;
}

}  // namespace

Result<std::vector<LdCacheEntry>> parse_ld_so_cache(Bytes data, std::string_view only) {
  if (has_magic(data, 0, k_new_magic)) {
    return parse_new(data, 0, only);
  }
  if (!has_magic(data, 0, k_old_magic)) {
    return Error{"ld.so.cache: no 'glibc-ld.so.cache1.1' or 'ld.so-1.7.0' magic at offset 0"};
  }
  auto nlibs = read_le<std::uint32_t>(data, 12);
  std::uint64_t old_end = k_old_header + std::uint64_t{nlibs.value_or(0)} * k_old_entry;
  if (!nlibs || old_end > data.size()) {
    return Error{fmt::format("ld.so.cache: old-format table of {} entries runs past the end of the file ({} bytes)",
                             nlibs.value_or(0), data.size())};
  }
  // A new-format header follows the old table, aligned to 8 (dl-cache.h ALIGN_CACHE).
  std::uint64_t new_base = (old_end + 7) & ~std::uint64_t{7};
  if (has_magic(data, new_base, k_new_magic)) {
    return parse_new(data, new_base, only);
  }
  Bytes strings = data.subspan(old_end);
  std::vector<LdCacheEntry> entries;
  for (std::uint64_t i = 0; i < *nlibs; ++i) {
    std::uint64_t at = k_old_header + i * k_old_entry;
    auto flags = read_le<std::uint32_t>(data, at);
    auto soname = read_cstring(strings, read_le<std::uint32_t>(data, at + 4).value_or(UINT32_MAX));
    auto path = read_cstring(strings, read_le<std::uint32_t>(data, at + 8).value_or(UINT32_MAX));
    if (!soname || !path) {
      return Error{fmt::format("ld.so.cache: old-format entry {} at {}: a string offset is outside the file", i, hex(at))};
    }
    if (!only.empty() && *soname != only) {
      continue;
    }
    entries.push_back({std::string(*soname), std::string(*path), static_cast<std::int32_t>(flags.value_or(0)), 0});
  }
  return entries;
}

std::int32_t native_ld_cache_flags() {
#if defined(__x86_64__) && !defined(__ILP32__)
  return 0x0303;
#elif defined(__aarch64__)
  return 0x0a03;
#else
  return 0x0003;
#endif
}

}  // namespace archfit::binfmt
