// Bounds-checked access to untrusted bytes.
//
// Every (offset, size) pair read from a file goes through `slice()`, which rejects both
// overflow of offset+size and ranges past the end (bloaty's StrictSubstr/CheckedAdd). Integers
// are read with memcpy, little-endian, so unaligned fields (archive members are only 2-byte
// aligned) are safe and the host's endianness does not matter (mold's lib/integers.h).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string_view>

namespace archfit {

using Bytes = std::span<const std::uint8_t>;

// a + b, or nullopt when it does not fit in 64 bits.
inline std::optional<std::uint64_t> checked_add(std::uint64_t a, std::uint64_t b) {
  std::uint64_t sum = 0;
  if (__builtin_add_overflow(a, b, &sum)) {
    return std::nullopt;
  }
  return sum;
}

// a * b, or nullopt on overflow.
inline std::optional<std::uint64_t> checked_mul(std::uint64_t a, std::uint64_t b) {
  std::uint64_t product = 0;
  if (__builtin_mul_overflow(a, b, &product)) {
    return std::nullopt;
  }
  return product;
}

// Rounds `value` up to a multiple of `alignment` (a power of two), or nullopt on overflow.
inline std::optional<std::uint64_t> align_up(std::uint64_t value, std::uint64_t alignment) {
  if (alignment <= 1) {
    return value;
  }
  auto bumped = checked_add(value, alignment - 1);
  if (!bumped) {
    return std::nullopt;
  }
  return *bumped & ~(alignment - 1);
}

// The sub-range [offset, offset+size) of `data`, or nullopt when it is not inside `data`.
inline std::optional<Bytes> slice(Bytes data, std::uint64_t offset, std::uint64_t size) {
  auto end = checked_add(offset, size);
  if (!end || *end > data.size()) {
    return std::nullopt;
  }
  return data.subspan(static_cast<std::size_t>(offset), static_cast<std::size_t>(size));
}

// Little-endian unsigned integer of type T at `offset`, or nullopt when out of range.
template <class T>
std::optional<T> read_le(Bytes data, std::uint64_t offset) {
  auto field = slice(data, offset, sizeof(T));
  if (!field) {
    return std::nullopt;
  }
  if constexpr (std::endian::native == std::endian::little) {
    T value{};
    std::memcpy(&value, field->data(), sizeof(T));
    return value;
  } else {
    T value{};
    for (std::size_t i = 0; i < sizeof(T); ++i) {
      value = static_cast<T>(value | (static_cast<T>((*field)[i]) << (8 * i)));
    }
    return value;
  }
}

// True when `data` has `magic` at `offset`.
inline bool has_magic(Bytes data, std::uint64_t offset, std::string_view magic) {
  auto field = slice(data, offset, magic.size());
  return field && std::memcmp(field->data(), magic.data(), magic.size()) == 0;
}

inline std::string_view as_chars(Bytes data) {
  return {reinterpret_cast<const char*>(data.data()), data.size()};
}

// A NUL-terminated string starting at `offset` (without the NUL), bounded by the end of `data`;
// nullopt when `offset` is outside `data` or no NUL follows.
inline std::optional<std::string_view> read_cstring(Bytes data, std::uint64_t offset) {
  if (offset >= data.size()) {
    return std::nullopt;
  }
  auto rest = as_chars(data.subspan(static_cast<std::size_t>(offset)));
  auto nul = rest.find('\0');
  if (nul == std::string_view::npos) {
    return std::nullopt;
  }
  return rest.substr(0, nul);
}

}  // namespace archfit
