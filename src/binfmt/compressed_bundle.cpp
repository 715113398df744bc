#include "binfmt/compressed_bundle.hpp"

#include <algorithm>
#include <memory>

#include <fmt/format.h>

#include "util/decompression_budget.hpp"
#include "util/hex.hpp"

namespace archfit::binfmt {

namespace {

// Upper bound on a decompressed bundle: the CCOB v3 format allows u64 sizes, but no real
// device-code bundle comes near this, and it keeps a lying header from exhausting memory.
constexpr std::uint64_t k_max_uncompressed = std::uint64_t{16} << 30;

}  // namespace

Result<CompressedBundleHeader> parse_compressed_bundle_header(Bytes data) {
  if (!has_magic(data, 0, k_ccob_magic)) {
    return Error{"compressed bundle header: bad magic"};
  }
  CompressedBundleHeader header;
  auto version = read_le<std::uint16_t>(data, 4);
  auto method = read_le<std::uint16_t>(data, 6);
  if (!version || !method) {
    return Error{fmt::format("compressed bundle header: truncated ({} bytes)", data.size())};
  }
  header.version = *version;
  if (*method > 1) {
    return Error{fmt::format("compressed bundle header at +0x6: unknown compression method {}", *method)};
  }
  header.method = *method == 0 ? Compression::zlib : Compression::zstd;
  std::optional<std::uint64_t> uncompressed;
  std::optional<std::uint64_t> hash;
  switch (header.version) {
    case 1:
      header.header_size = 20;
      uncompressed = read_le<std::uint32_t>(data, 8);
      hash = read_le<std::uint64_t>(data, 12);
      break;
    case 2:
      header.header_size = 24;
      header.total_size = read_le<std::uint32_t>(data, 8);
      uncompressed = read_le<std::uint32_t>(data, 12);
      hash = read_le<std::uint64_t>(data, 16);
      break;
    case 3:
      header.header_size = 32;
      header.total_size = read_le<std::uint64_t>(data, 8);
      uncompressed = read_le<std::uint64_t>(data, 16);
      hash = read_le<std::uint64_t>(data, 24);
      break;
    default:
      return Error{fmt::format("compressed bundle header at +0x4: unknown compressed bundle version {}",
                               header.version)};
  }
  if (!uncompressed || !hash || data.size() < header.header_size) {
    return Error{fmt::format("compressed bundle header: v{} header needs {} bytes, {} available", header.version,
                             header.header_size, data.size())};
  }
  header.uncompressed_size = *uncompressed;
  header.hash = *hash;
  if (header.total_size && (*header.total_size <= header.header_size || *header.total_size > data.size())) {
    return Error{fmt::format("compressed bundle header at +0x8: total size {} is outside {}..{} (the bytes "
                             "available)",
                             *header.total_size, header.header_size + 1, data.size())};
  }
  if (header.uncompressed_size > k_max_uncompressed) {
    return Error{fmt::format("compressed bundle header: uncompressed size {} exceeds the {} byte limit",
                             header.uncompressed_size, k_max_uncompressed)};
  }
  return header;
}

std::optional<std::uint64_t> compressed_bundle_total_size(Bytes data) {
  if (!has_magic(data, 0, k_ccob_magic)) {
    return std::nullopt;
  }
  switch (read_le<std::uint16_t>(data, 4).value_or(0)) {
    case 2:
      return read_le<std::uint32_t>(data, 8);
    case 3:
      return read_le<std::uint64_t>(data, 8);
    default:
      return std::nullopt;
  }
}

namespace {

// Decodes the rest of the stream a window at a time, copying each entry's first bytes as they
// pass, and checks that the stream holds exactly the size the header records.
Status stream_payload_heads(Decompressor& decompressor, const OffloadBundle& inner,
                            std::vector<std::vector<std::uint8_t>>& heads) {
  constexpr std::uint64_t k_chunk = std::uint64_t{1} << 20;
  heads.assign(inner.entries.size(), {});
  std::vector<std::uint64_t> wanted(inner.entries.size());
  for (std::size_t i = 0; i < inner.entries.size(); ++i) {
    wanted[i] = std::min(inner.entries[i].size, k_payload_head_size);
  }
  while (true) {
    Bytes window = decompressor.output();
    std::uint64_t window_start = decompressor.window_start();
    std::uint64_t window_end = decompressor.produced();
    for (std::size_t i = 0; i < inner.entries.size(); ++i) {
      std::uint64_t have = heads[i].size();
      if (have == wanted[i]) {
        continue;
      }
      std::uint64_t from = inner.entries[i].offset + have;  // entry offsets were checked against the size
      std::uint64_t to = inner.entries[i].offset + wanted[i];
      if (from < window_start || from >= window_end) {
        continue;
      }
      std::uint64_t until = std::min(to, window_end);
      auto piece = window.subspan(static_cast<std::size_t>(from - window_start),
                                  static_cast<std::size_t>(until - from));
      heads[i].insert(heads[i].end(), piece.begin(), piece.end());
    }
    if (decompressor.finished()) {
      return Ok{};
    }
    decompressor.discard_before(window_end);
    ARCHFIT_TRY(Ok filled, decompressor.fill_more(k_chunk));
    (void)filled;
  }
}

}  // namespace

Result<CompressedBundle> parse_compressed_bundle(Bytes data, Decompress mode, DecompressionBudget* budget) {
  // A header may claim up to k_max_uncompressed bytes and a small stream can really inflate to
  // that: without a caller's budget, this bundle gets the default budget of an input its size.
  std::shared_ptr<DecompressionBudget> own_budget;
  if (budget == nullptr) {
    own_budget = DecompressionBudget::for_input(data.size());
    budget = own_budget.get();
  }
  CompressedBundle bundle;
  ARCHFIT_TRY(bundle.header, parse_compressed_bundle_header(data));
  const auto& header = bundle.header;
  std::uint64_t input_end = header.total_size.value_or(data.size());
  Bytes compressed = data.subspan(static_cast<std::size_t>(header.header_size),
                                  static_cast<std::size_t>(input_end - header.header_size));
  const std::string_view codec = compression_name(header.method);
  if (mode == Decompress::everything && budget != nullptr) {
    if (auto affordable = budget->can_afford(header.uncompressed_size); !affordable) {
      return Error{fmt::format("compressed bundle (v{}, {}) at +0x10: header claims {} uncompressed bytes; {}",
                               header.version, codec, header.uncompressed_size, affordable.error().message)};
    }
  }
  Decompressor decompressor(header.method, compressed, header.uncompressed_size, budget);
  auto source = [&](std::uint64_t offset, std::uint64_t size) -> Result<Bytes> {
    auto end = checked_add(offset, size);
    if (!end) {
      return Error{"offset overflow"};
    }
    auto status = decompressor.fill_to(*end);
    if (!status) {
      return Error{fmt::format("{} data at +{}: {}", codec, hex(header.header_size), status.error().message)};
    }
    return decompressor.output().subspan(static_cast<std::size_t>(offset), static_cast<std::size_t>(size));
  };
  auto inner = parse_offload_bundle(source, header.uncompressed_size);
  if (!inner) {
    return Error{fmt::format("compressed bundle (v{}, {}): decompressed {}", header.version, codec,
                             inner.error().message)};
  }
  bundle.inner = std::move(inner).value();
  if (mode == Decompress::everything) {
    auto status = stream_payload_heads(decompressor, bundle.inner, bundle.payload_heads);
    if (!status) {
      return Error{fmt::format("compressed bundle (v{}, {}): {}", header.version, codec, status.error().message)};
    }
    if (decompressor.produced() != header.uncompressed_size) {
      return Error{fmt::format("compressed bundle (v{}, {}): header says {} uncompressed bytes, stream holds {}",
                               header.version, codec, header.uncompressed_size, decompressor.produced())};
    }
  }
  bundle.stored_size = header.total_size.value_or(header.header_size + decompressor.consumed());
  return bundle;
}

}  // namespace archfit::binfmt
