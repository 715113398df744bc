#include "binfmt/cuda_fatbin.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <zstd.h>

#include "util/hex.hpp"
#include "util/decompressor.hpp"
#include "util/lz4_block.hpp"

namespace archfit::binfmt {

namespace {

FatbinCompression compression_of(std::uint64_t flags) {
  if ((flags & k_fatbin_flag_zstd) != 0) {
    return FatbinCompression::zstd;
  }
  if ((flags & k_fatbin_flag_lz4) != 0) {
    return FatbinCompression::lz4;
  }
  if ((flags & k_fatbin_flag_compress_old) != 0) {
    return FatbinCompression::unknown;
  }
  return FatbinCompression::none;
}

// The fixed 64-byte part of an entry header; `region` must hold it (checked by the caller).
FatbinEntry read_entry_fields(Bytes region, std::uint64_t offset) {
  FatbinEntry entry;
  entry.offset = offset;
  entry.kind = read_le<std::uint16_t>(region, offset).value_or(0);
  entry.header_size = read_le<std::uint32_t>(region, offset + 0x04).value_or(0);
  entry.payload_size = read_le<std::uint64_t>(region, offset + 0x08).value_or(0);
  entry.compressed_size = read_le<std::uint32_t>(region, offset + 0x10).value_or(0);
  entry.version_minor = read_le<std::uint16_t>(region, offset + 0x18).value_or(0);
  entry.version_major = read_le<std::uint16_t>(region, offset + 0x1a).value_or(0);
  entry.arch = read_le<std::uint32_t>(region, offset + 0x1c).value_or(0);
  entry.flags = read_le<std::uint64_t>(region, offset + 0x28).value_or(0);
  entry.uncompressed_size = read_le<std::uint64_t>(region, offset + 0x38).value_or(0);
  entry.compression = compression_of(entry.flags);
  return entry;
}

// A source that could not supply bytes yet (streaming); not an error in the data.
struct Missing {
  std::uint64_t offset = 0;
  std::uint64_t size = 0;
};

// The identifier string, when its (offset, length) lies inside the entry header, whose bytes
// `header` holds.
std::string read_identifier(Bytes header, const FatbinEntry& entry) {
  auto ident_offset = read_le<std::uint32_t>(header, 0x20).value_or(0);
  auto ident_length = read_le<std::uint32_t>(header, 0x24).value_or(0);
  auto ident_end = checked_add(ident_offset, ident_length);
  if (ident_offset == 0 || ident_length == 0 || !ident_end || *ident_end > entry.header_size) {
    return {};
  }
  auto text = slice(header, ident_offset, ident_length);
  return text ? std::string(as_chars(*text)) : std::string{};
}

// One entry header at `offset`; the entry (header and payload) must end by `container_end`.
// Sets `missing` (and returns an error) when the source cannot supply the header yet.
Result<FatbinEntry> parse_entry(const FatbinByteSource& source, std::uint64_t offset, std::uint64_t container_end,
                                std::optional<Missing>& missing) {
  auto base_end = checked_add(offset, k_fatbin_entry_min_header_size);
  if (!base_end || *base_end > container_end) {
    return Error{fmt::format("fatbin entry at +{}: its {}-byte header runs past the container end at +{}",
                             hex(offset), k_fatbin_entry_min_header_size, hex(container_end))};
  }
  auto base = source(offset, k_fatbin_entry_min_header_size);
  if (!base) {
    missing = Missing{offset, k_fatbin_entry_min_header_size};
    return Error{"incomplete"};
  }
  FatbinEntry entry = read_entry_fields(*base, 0);
  entry.offset = offset;
  if (entry.header_size < k_fatbin_entry_min_header_size) {
    return Error{fmt::format("fatbin entry at +{}: header size {} is smaller than the {}-byte base header",
                             hex(offset), hex(entry.header_size), hex(k_fatbin_entry_min_header_size))};
  }
  auto payload_start = checked_add(offset, entry.header_size);
  auto entry_end = payload_start ? checked_add(*payload_start, entry.payload_size) : std::nullopt;
  if (!entry_end || *entry_end > container_end) {
    return Error{fmt::format("fatbin entry at +{}: header size {} plus payload size {} runs past the container "
                             "end at +{}",
                             hex(offset), hex(entry.header_size), hex(entry.payload_size), hex(container_end))};
  }
  if (entry.compression != FatbinCompression::none && entry.compressed_size > entry.payload_size) {
    return Error{fmt::format("fatbin entry at +{}: compressed size {} exceeds the payload size {}", hex(offset),
                             hex(entry.compressed_size), hex(entry.payload_size))};
  }
  auto header = source(offset, entry.header_size);
  if (!header) {
    missing = Missing{offset, entry.header_size};
    return Error{"incomplete"};
  }
  entry.identifier = read_identifier(*header, entry);
  return entry;
}

bool all_zero(Bytes data) {
  return std::all_of(data.begin(), data.end(), [](std::uint8_t byte) { return byte == 0; });
}

// One zstd frame that must hold exactly `size` bytes, decoded a window at a time: the first
// `keep` bytes are kept, the rest only counted. The frame may not ask for a window beyond
// 128 MiB unless `size` is that large and the budget has that much left (Decompressor), so a
// frame header claiming a huge window cannot make zstd allocate it.
Result<std::vector<std::uint8_t>> decompress_zstd(Bytes payload, std::uint64_t size, std::uint64_t keep,
                                                  DecompressionBudget* budget, const std::string& where) {
  unsigned long long declared = ZSTD_getFrameContentSize(payload.data(), payload.size());
  if (declared != ZSTD_CONTENTSIZE_UNKNOWN && declared != size) {
    return Error{fmt::format("{}: zstd frame header declares {} bytes, the entry header says {}", where,
                             declared == ZSTD_CONTENTSIZE_ERROR ? 0 : declared, size)};
  }
  constexpr std::uint64_t k_chunk = std::uint64_t{1} << 20;
  Decompressor decompressor(Compression::zstd, payload, size, budget);
  // The head grows with what the stream really yields; reserving for the claimed size would set
  // memory aside for a lie (ASan's allocator even writes the shadow of every reserved byte).
  std::vector<std::uint8_t> head;
  head.reserve(static_cast<std::size_t>(std::min({keep, size, k_chunk})));
  while (true) {
    Bytes window = decompressor.output();
    std::uint64_t start = decompressor.window_start();
    if (head.size() < keep && decompressor.produced() > head.size()) {
      std::uint64_t until = std::min<std::uint64_t>(keep, decompressor.produced());
      head.insert(head.end(), window.begin() + static_cast<std::ptrdiff_t>(head.size() - start),
                  window.begin() + static_cast<std::ptrdiff_t>(until - start));
    }
    if (decompressor.finished()) {
      break;
    }
    decompressor.discard_before(decompressor.produced());
    if (decompressor.produced() == size) {
      // The output is full: the stream must end here without producing more.
      auto status = decompressor.fill_more(1);
      if (!status) {
        return Error{fmt::format("{}: zstd: {}", where, status.error().message)};
      }
      if (!decompressor.finished()) {
        return Error{fmt::format("{}: zstd frame holds more than the {} bytes the header says", where, size)};
      }
      break;
    }
    if (auto status = decompressor.fill_more(k_chunk); !status) {
      return Error{fmt::format("{}: zstd (header says {} bytes): {}", where, size, status.error().message)};
    }
  }
  if (decompressor.produced() != size) {
    return Error{fmt::format("{}: zstd frame holds {} bytes, the header says {}", where, decompressor.produced(), size)};
  }
  return head;
}

}  // namespace

std::uint64_t FatbinEntry::stored_bytes() const {
  return compression == FatbinCompression::none ? payload_size : compressed_size;
}

std::string_view FatbinEntry::variant() const {
  if ((flags & k_fatbin_flag_arch_specific) != 0) {
    return "a";
  }
  if ((flags & k_fatbin_flag_family_specific) != 0) {
    return "f";
  }
  return "";
}

// Built by hand, not with fmt::format: a scan of libcublasLt names 6,120 entries, twice each.
std::string FatbinEntry::target_name() const {
  std::string name;
  switch (kind) {
    case k_fatbin_kind_elf:
      name = "sm_";
      break;
    case k_fatbin_kind_ptx:
      name = "compute_";
      break;
    default:
      name = "kind" + std::to_string(kind) + "_";
      break;
  }
  name += std::to_string(arch);
  name += variant();
  return name;
}

bool is_cuda_fatbin(Bytes data) {
  return read_le<std::uint32_t>(data, 0) == k_fatbin_magic && data.size() >= k_fatbin_container_header_size;
}

FatbinContainer parse_fatbin_container(const FatbinByteSource& source, std::uint64_t region_size,
                                       std::uint64_t offset, std::vector<Error>& errors) {
  FatbinContainer container;
  container.offset = offset;
  auto header = source(offset, k_fatbin_container_header_size);
  if (!header) {
    container.incomplete = true;
    container.missing_offset = offset;
    container.missing_size = k_fatbin_container_header_size;
    return container;
  }
  container.version = read_le<std::uint16_t>(*header, 4).value_or(0);
  container.header_size = read_le<std::uint16_t>(*header, 6).value_or(0);
  container.fat_size = read_le<std::uint64_t>(*header, 8).value_or(0);
  container.end = std::min<std::uint64_t>(offset + k_fatbin_container_header_size, region_size);
  if (container.header_size < k_fatbin_container_header_size) {
    errors.push_back(Error{fmt::format("fatbin container at +{}: header size {} is smaller than {}", hex(offset),
                                       container.header_size, k_fatbin_container_header_size)});
    return container;
  }
  std::uint64_t body = offset + container.header_size;  // u16 added to an in-range offset: no overflow
  auto end = checked_add(body, container.fat_size);
  if (!end || *end > region_size) {
    errors.push_back(Error{fmt::format("fatbin container at +{}: fat size {} runs past the section ({} bytes)",
                                       hex(offset), container.fat_size, hex(region_size))});
    end = region_size;
  }
  container.end = std::max(*end, container.end);
  for (std::uint64_t position = body; position < container.end;) {
    std::optional<Missing> missing;
    auto entry = parse_entry(source, position, container.end, missing);
    if (missing) {
      container.incomplete = true;
      container.missing_offset = missing->offset;
      container.missing_size = missing->size;
      return container;
    }
    if (!entry) {
      errors.push_back(entry.error());
      break;
    }
    position = entry->payload_offset() + entry->payload_size;
    container.entries.push_back(std::move(entry).value());
  }
  return container;
}

FatbinContainer parse_fatbin_container(Bytes region, std::uint64_t offset, std::vector<Error>& errors) {
  auto source = [region](std::uint64_t at, std::uint64_t size) { return slice(region, at, size); };
  return parse_fatbin_container(source, region.size(), offset, errors);
}

std::optional<CudaFatbinWalk> walk_cuda_fatbin(const FatbinByteSource& source, std::uint64_t region_size,
                                               const std::function<void(std::uint64_t, std::uint64_t)>& visited) {
  CudaFatbinWalk walk;
  bool in_junk = false;  // report a run of non-container bytes once
  std::uint64_t position = 0;
  while (position < region_size) {
    if (region_size - position >= k_fatbin_container_header_size) {
      auto head = source(position, k_fatbin_container_header_size);
      if (!head) {
        return std::nullopt;
      }
      if (read_le<std::uint32_t>(*head, 0) == k_fatbin_magic) {
        FatbinContainer container = parse_fatbin_container(source, region_size, position, walk.errors);
        if (container.incomplete) {
          return std::nullopt;
        }
        if (visited) {
          visited(position, container.end - position);
        }
        std::uint64_t next = align_up(container.end, k_fatbin_alignment).value_or(region_size);
        position = std::max(next, position + k_fatbin_alignment);
        in_junk = false;
        if (container.fat_size != 0) {
          walk.containers.push_back(std::move(container));
        }
        continue;
      }
    }
    auto word = source(position, std::min<std::uint64_t>(k_fatbin_alignment, region_size - position));
    if (!word) {
      return std::nullopt;
    }
    if (!all_zero(*word) && !in_junk) {
      walk.errors.push_back(Error{fmt::format("fatbin region at +{}: no container magic {} here; looking for the "
                                              "next container at 8-aligned offsets",
                                              hex(position), hex(k_fatbin_magic))});
      in_junk = true;
    }
    position += k_fatbin_alignment;
  }
  return walk;
}

CudaFatbinWalk walk_cuda_fatbin(Bytes region, const std::function<void(Bytes)>& visited) {
  auto source = [region](std::uint64_t at, std::uint64_t size) { return slice(region, at, size); };
  std::function<void(std::uint64_t, std::uint64_t)> visit;
  if (visited) {
    visit = [&](std::uint64_t at, std::uint64_t size) { visited(region.subspan(at, size)); };
  }
  // Every read is inside the region, so the walk cannot stop for want of bytes.
  return walk_cuda_fatbin(source, region.size(), visit).value_or(CudaFatbinWalk{});
}

Result<Bytes> fatbin_entry_payload(Bytes region, const FatbinEntry& entry) {
  auto payload = slice(region, entry.payload_offset(), entry.stored_bytes());
  if (!payload) {
    return Error{fmt::format("fatbin entry at +{}: payload of {} bytes at +{} lies outside the data", hex(entry.offset),
                             entry.stored_bytes(), hex(entry.payload_offset()))};
  }
  return *payload;
}

Result<std::vector<std::uint8_t>> fatbin_entry_contents(Bytes region, const FatbinEntry& entry,
                                                        std::uint64_t limit, DecompressionBudget* budget,
                                                        std::uint64_t keep) {
  ARCHFIT_TRY(Bytes payload, fatbin_entry_payload(region, entry));
  std::string where = fmt::format("fatbin entry at +{}", hex(entry.offset));
  if (entry.compression == FatbinCompression::none) {
    Bytes kept = payload.first(static_cast<std::size_t>(std::min<std::uint64_t>(keep, payload.size())));
    return std::vector<std::uint8_t>(kept.begin(), kept.end());
  }
  if (entry.compression == FatbinCompression::unknown) {
    return Error{fmt::format("{}: unsupported compression (flags {})", where, hex(entry.flags))};
  }
  if (entry.uncompressed_size > limit) {
    return Error{fmt::format("{}: uncompressed size {} exceeds the limit {}", where, entry.uncompressed_size, limit)};
  }
  if (entry.compression == FatbinCompression::lz4) {
    if (entry.uncompressed_size > lz4_max_decoded_size(payload.size())) {
      return Error{fmt::format("{}: uncompressed size {} is more than {} LZ4 bytes can hold", where,
                               entry.uncompressed_size, payload.size())};
    }
    if (budget != nullptr) {
      if (auto charged = budget->charge(entry.uncompressed_size); !charged) {
        return Error{fmt::format("{}: {}", where, charged.error().message)};
      }
    }
    auto decoded = lz4_block_decode(payload, entry.uncompressed_size, keep);
    if (!decoded) {
      return Error{fmt::format("{}: {}", where, decoded.error().message)};
    }
    return std::move(decoded).value();
  }
  return decompress_zstd(payload, entry.uncompressed_size, keep, budget, where);
}

PtxHeader parse_ptx_header(std::string_view text) {
  PtxHeader header;
  auto word_after = [](std::string_view line, std::string_view directive) -> std::string {
    line.remove_prefix(directive.size());
    auto start = line.find_first_not_of(" \t");
    if (start == std::string_view::npos) {
      return {};
    }
    line.remove_prefix(start);
    return std::string(line.substr(0, line.find_first_of(" \t,\r/")));
  };
  std::size_t position = 0;
  while (position < text.size() && (header.version.empty() || header.target.empty())) {
    std::size_t newline = std::min(text.find('\n', position), text.size());
    std::string_view line = text.substr(position, newline - position);
    line.remove_prefix(std::min(line.find_first_not_of(" \t"), line.size()));
    if (header.version.empty() && line.starts_with(".version")) {
      header.version = word_after(line, ".version");
    } else if (header.target.empty() && line.starts_with(".target")) {
      header.target = word_after(line, ".target");
    }
    position = newline + 1;
  }
  return header;
}

}  // namespace archfit::binfmt
