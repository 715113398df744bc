#include "binfmt/hip_fatbin.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "util/hex.hpp"

namespace archfit::binfmt {

namespace {

bool starts_bundle(Bytes section, std::uint64_t offset) {
  return has_magic(section, offset, k_offload_bundle_magic) || has_magic(section, offset, k_ccob_magic);
}

// CCOB v1 records no compressed length: its data runs to the next aligned bundle, or the end.
std::uint64_t v1_extent(Bytes section, std::uint64_t start) {
  std::uint64_t probe = start + k_hip_bundle_alignment;
  while (probe < section.size()) {
    if (starts_bundle(section, probe)) {
      return probe - start;
    }
    probe += k_hip_bundle_alignment;
  }
  return section.size() - start;
}

// Reads the small pieces of a section that a walk of bundle headers needs. A .hip_fatbin holds a
// bundle every few MB (librocsparse: 111 headers of a few hundred bytes in 1.3 GB), and the first
// touch of each through the file mapping is a page fault that maps 16 pages, all unmapped again at
// the end: 0.35 ms for librocsparse's 111 headers against 0.07 ms for one pread each on the
// 2-core VM (bench/device/page_floor.c). With a mapping, each read copies a 4 KiB window with
// pread and serves the pieces inside it from the copy; without one, or where pread fails, the
// pieces are the section's own bytes. A piece stays valid until the next read.
class HeaderReader {
 public:
  HeaderReader(Bytes section, const MappedFile* mapping) : m_section(section), m_mapping(mapping) {}

  Result<Bytes> read(std::uint64_t offset, std::uint64_t size) {
    auto bytes = slice(m_section, offset, size);
    if (!bytes) {
      return Error{fmt::format("{} bytes at +{} run past the end ({} bytes)", size, hex(offset), m_section.size())};
    }
    if (m_mapping == nullptr) {
      return *bytes;
    }
    if (!m_window.empty() && offset >= m_window_start && offset - m_window_start + size <= m_window.size()) {
      return Bytes(m_window).subspan(static_cast<std::size_t>(offset - m_window_start), static_cast<std::size_t>(size));
    }
    std::uint64_t want = std::min<std::uint64_t>(std::max<std::uint64_t>(size, k_window), m_section.size() - offset);
    m_window.resize(static_cast<std::size_t>(want));
    if (!m_mapping->read_copy(bytes->data(), m_window.size(), m_window.data())) {
      m_window.clear();
      return *bytes;
    }
    m_window_start = offset;
    return Bytes(m_window).first(static_cast<std::size_t>(size));
  }

  bool has_magic_at(std::uint64_t offset, std::string_view magic) {
    auto bytes = read(offset, magic.size());
    return bytes && has_magic(*bytes, 0, magic);
  }

 private:
  static constexpr std::uint64_t k_window = 4096;
  Bytes m_section;
  const MappedFile* m_mapping;
  std::vector<std::uint8_t> m_window;
  std::uint64_t m_window_start = 0;
};

}  // namespace

FoundBundle found_compressed_bundle(CompressedBundle&& parsed, std::uint64_t section_offset) {
  FoundBundle found;
  found.section_offset = section_offset;
  found.compressed = true;
  found.ccob = parsed.header;
  found.stored_size = parsed.stored_size;
  found.bundle = std::move(parsed.inner);
  found.payload_heads = std::move(parsed.payload_heads);
  return found;
}

FatbinWalk walk_hip_fatbin(Bytes section, Decompress mode, DecompressionBudget* budget,
                           const std::function<void(Bytes)>& visited, const MappedFile* headers_from) {
  FatbinWalk walk;
  HeaderReader headers(section, headers_from);
  std::uint64_t position = 0;
  while (position < section.size()) {
    Bytes rest = section.subspan(static_cast<std::size_t>(position));
    FoundBundle found;
    found.section_offset = position;
    std::uint64_t next = position + k_hip_bundle_alignment;  // where to resume after an error
    if (headers.has_magic_at(position, k_offload_bundle_magic)) {
      auto parsed = parse_offload_bundle(
          [&headers, rest, position](std::uint64_t offset, std::uint64_t size) -> Result<Bytes> {
            if (!slice(rest, offset, size)) {
              return Error{fmt::format("{} bytes at +{} run past the end ({} bytes)", size, hex(offset), rest.size())};
            }
            return headers.read(position + offset, size);
          },
          rest.size());
      if (parsed) {
        found.bundle = std::move(parsed).value();
        found.stored_size = found.bundle.end;
        next = align_up(position + found.stored_size, k_hip_bundle_alignment).value_or(section.size());
        walk.bundles.push_back(std::move(found));
      } else {
        walk.errors.push_back(Error{fmt::format("at +{}: {}", hex(position), parsed.error().message)});
      }
    } else if (headers.has_magic_at(position, k_ccob_magic)) {
      auto version = read_le<std::uint16_t>(rest, 4).value_or(0);
      Bytes input = version == 1 ? rest.first(static_cast<std::size_t>(v1_extent(section, position))) : rest;
      auto parsed = parse_compressed_bundle(input, mode, budget);
      if (parsed) {
        found = found_compressed_bundle(std::move(parsed).value(), position);
        next = align_up(position + found.stored_size, k_hip_bundle_alignment).value_or(section.size());
        if (visited) {
          visited(rest.first(static_cast<std::size_t>(std::min<std::uint64_t>(found.stored_size, rest.size()))));
        }
        walk.bundles.push_back(std::move(found));
      } else {
        walk.errors.push_back(Error{fmt::format("at +{}: {}", hex(position), parsed.error().message)});
      }
    }
    // Anything else at an aligned offset is padding (or junk): probe the next page.
    position = std::max(next, position + 1);
    position = align_up(position, k_hip_bundle_alignment).value_or(section.size());
  }
  return walk;
}

}  // namespace archfit::binfmt
