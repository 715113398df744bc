// Byte ranges of a file captured while it streamed past, looked up by file offset.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "util/bytes.hpp"

namespace archfit::scan {

class CapturedRanges {
 public:
  void add(std::uint64_t offset, Bytes bytes) { m_ranges[offset].assign(bytes.begin(), bytes.end()); }

  // [offset, offset + size) when one captured range holds all of it.
  std::optional<Bytes> find(std::uint64_t offset, std::uint64_t size) const {
    auto it = m_ranges.upper_bound(offset);
    if (it == m_ranges.begin()) {
      return std::nullopt;
    }
    --it;
    return slice(Bytes(it->second.data(), it->second.size()), offset - it->first, size);
  }

 private:
  std::map<std::uint64_t, std::vector<std::uint8_t>> m_ranges;
};

}  // namespace archfit::scan
