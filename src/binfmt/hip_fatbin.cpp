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
                           const std::function<void(Bytes)>& visited) {
  FatbinWalk walk;
  std::uint64_t position = 0;
  while (position < section.size()) {
    Bytes rest = section.subspan(static_cast<std::size_t>(position));
    FoundBundle found;
    found.section_offset = position;
    std::uint64_t next = position + k_hip_bundle_alignment;  // where to resume after an error
    if (has_magic(rest, 0, k_offload_bundle_magic)) {
      auto parsed = parse_offload_bundle(rest);
      if (parsed) {
        found.bundle = std::move(parsed).value();
        found.stored_size = found.bundle.end;
        next = align_up(position + found.stored_size, k_hip_bundle_alignment).value_or(section.size());
        walk.bundles.push_back(std::move(found));
      } else {
        walk.errors.push_back(Error{fmt::format("at +{}: {}", hex(position), parsed.error().message)});
      }
    } else if (has_magic(rest, 0, k_ccob_magic)) {
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
