#include "scan/elf_stream_scan.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>

#include <fmt/format.h>

#include "binfmt/compressed_bundle.hpp"
#include "binfmt/cuda_fatbin.hpp"
#include "binfmt/elf_file.hpp"
#include "binfmt/elf_host_needs.hpp"
#include "binfmt/hip_fatbin.hpp"
#include "binfmt/offload_bundle.hpp"
#include "scan/amd_offload_scan.hpp"
#include "scan/embedded_code_scan.hpp"
#include "scan/host_needs_record.hpp"
#include "scan/nvidia_fatbin_scan.hpp"
#include "scan/stream_support.hpp"
#include "util/forward_capture.hpp"
#include "util/hex.hpp"

namespace archfit::scan {

namespace {

constexpr std::uint64_t k_elf_header_bytes = 64;
constexpr std::uint64_t k_tail_bytes = 1 << 20;           // kept from the end of the stream
constexpr std::uint64_t k_max_ccob_capture = 64 << 20;    // a CCOB larger than this is not captured
constexpr std::uint64_t k_v1_ccob_capture = 8 << 20;      // CCOB v1 records no size: capture this much
constexpr std::uint64_t k_table_window = 4096;            // bundle tables are captured in steps of this
constexpr std::uint64_t k_max_table_bytes = 1 << 20;
constexpr std::uint64_t k_max_second_pass_bytes = 64 << 20;
constexpr std::uint64_t k_max_whole_strtab = 1 << 20;     // larger string tables are read sparsely
constexpr std::uint64_t k_max_string = 4096;               // one needed name, path list or version
constexpr std::uint64_t k_payload_head = 64;              // an ELF header, for --deep
constexpr std::uint64_t k_max_entry_capture = 64 << 20;   // fatbin entries captured whole for --deep
constexpr std::string_view k_fatbin_magic_bytes{"\x50\xed\x55\xba", 4};
constexpr std::uint64_t k_nv_read_ahead = 1024;
// The first bytes of a `__CLANG_OFFLOAD_BUNDLE__<entry-id>` section (a code object's ELF header is
// what is read of it), captured in pass 2.
constexpr std::uint64_t k_entry_section_head = 4096;
// Pass 1 keeps the last bytes fed for requests that start at bytes just passed: a header read in
// two steps (its fixed part, then the size that part gives) whose first step completed in the next
// piece, and a --deep payload captured from its header's start. Those start at most a read-ahead
// plus one header before the piece that completed the read; 64 KiB leaves room for headers far
// larger than real ones (fatbin entry headers are 0x40 to 0x80 bytes).
constexpr std::uint64_t k_capture_history = 64 << 10;

// A bundle found at an aligned offset, before it is known which section holds it.
struct AmdCandidate {
  std::uint64_t offset = 0;
  std::optional<binfmt::FoundBundle> found;
  std::optional<Error> error;
};

// An AMDGPU or CUDA ELF image found by the magic search. Its extent comes from its header, then
// from its section table once that is captured; the image is captured whole and validated.
struct ElfCandidate {
  std::uint64_t offset = 0;
  std::vector<std::uint8_t> prefix;  // while the image is being captured
  std::optional<GpuCode> code;       // when valid
  std::uint64_t size = 0;
  bool too_large = false;
};

// A CUDA fatbin container found at an 8-aligned offset. Its entry headers are spread through it
// (each entry's payload sits between them), so it is parsed again each time the next header
// arrives, over the byte ranges captured so far, until it is complete.
struct NvCandidate {
  std::uint64_t offset = 0;
  CapturedRanges ranges;
  binfmt::FatbinContainer container;
  std::vector<Error> errors;
  std::size_t payloads_requested = 0;
  bool done = false;
};

}  // namespace

struct ElfStreamScanner::State {
  std::uint64_t size = 0;
  ScanOptions options;
  ForwardCapture capture{k_capture_history};
  std::vector<std::uint8_t> header;
  std::vector<std::uint8_t> section_table;
  std::vector<std::uint8_t> tail;
  std::uint64_t tail_start = 0;
  CapturedRanges captured;  // .dynamic from PT_DYNAMIC, then pass-2 sections
  std::vector<AmdCandidate> amd;
  std::uint64_t ccob_known_end = 0;  // "CCOB" inside a CCOB's own data is not probed
  std::vector<std::shared_ptr<ElfCandidate>> images;
  std::vector<std::uint8_t> held;    // the last bytes fed, kept back until the next chunk
  bool flushed = false;
  std::vector<std::shared_ptr<NvCandidate>> nv;
  std::uint64_t nv_known_end = 0;  // probes inside a container whose header was read are skipped
  CapturedRanges nv_payloads;      // whole entries (header + payload) for --deep
  std::map<std::uint64_t, std::vector<std::uint8_t>> payload_heads;
  std::map<std::uint64_t, std::vector<std::uint8_t>> entry_section_heads;  // by file offset
  std::vector<std::string> errors;
  ForwardCapture second;
  std::vector<std::uint8_t> names;
  int passes_planned = 0;
  // String tables too large to capture whole (tensorflow-rocm's 41 MB .dynstr): by section index,
  // the strings the other host-need sections refer to, by offset in the table.
  std::map<std::uint32_t, std::map<std::uint64_t, std::vector<std::uint8_t>>> sparse_strings;
  std::uint64_t fed = 0;  // bytes given to feed() (the first pass)

  bool plan_needs_pass(const binfmt::ElfFile& elf);
  bool plan_strings_pass(const binfmt::ElfFile& elf);
  void plan_entry_sections(const binfmt::ElfFile& elf);
  bool entry_sections_planned = false;

  void on_header(Bytes bytes);
  void on_program_headers(Bytes bytes);
  void process(Bytes window, std::uint64_t piece_size, std::uint64_t start);
  void flush();
  void on_amd_head(std::uint64_t offset, Bytes head);
  void on_elf_head(std::uint64_t offset, Bytes head);
  void on_elf_prefix(const std::shared_ptr<ElfCandidate>& image, Bytes bytes);
  void capture_plain_table(std::uint64_t offset, std::shared_ptr<std::vector<std::uint8_t>> table);
  void on_plain_table(std::uint64_t offset, const std::shared_ptr<std::vector<std::uint8_t>>& table);
  void on_ccob(std::uint64_t offset, Bytes bytes);
  void request_payload_heads(const binfmt::OffloadBundle& bundle, std::uint64_t offset, Bytes window);
  void keep_tail(Bytes chunk, std::uint64_t chunk_start);
  void probe_nvidia(Bytes chunk, std::uint64_t chunk_start);
  void on_nv_magic(std::uint64_t offset, Bytes head = {});
  void continue_nv(const std::shared_ptr<NvCandidate>& candidate);
  void add_streamed_fatbins(const binfmt::ElfFile& elf, const binfmt::ElfSection& only, FileReport& report) const;
  void add_embedded_in(const binfmt::ElfSection& section, const PayloadReader& payloads, FileReport& report) const;
  EntryContentsReader streamed_fatbin_contents() const;
};

// Every 8-aligned offset may start a fatbin container.
void ElfStreamScanner::State::probe_nvidia(Bytes chunk, std::uint64_t chunk_start) {
  std::string_view text = as_chars(chunk);
  for (auto hit = text.find(k_fatbin_magic_bytes); hit != std::string_view::npos;
       hit = text.find(k_fatbin_magic_bytes, hit + 1)) {
    std::uint64_t offset = chunk_start + hit;
    if (offset % binfmt::k_fatbin_alignment == 0 && offset >= nv_known_end) {
      on_nv_magic(offset);
    }
  }
  // A magic that straddles the end of this chunk.
  std::uint64_t chunk_end = chunk_start + chunk.size();
  std::uint64_t last = chunk_end >= 3 ? (chunk_end - 3 + 7) / 8 * 8 : 0;
  if (last < chunk_end && last + 4 > chunk_end && last + 4 <= size) {
    // With the bytes after the magic too (a container header and its first entry headers).
    capture.request(last, std::min<std::uint64_t>(k_nv_read_ahead, size - last), [this, last](Bytes head) {
      if (as_chars(head.first(4)) == k_fatbin_magic_bytes && last >= nv_known_end) {
        on_nv_magic(last, head);
      }
    });
  }
}

void ElfStreamScanner::State::on_nv_magic(std::uint64_t offset, Bytes head) {
  auto candidate = std::make_shared<NvCandidate>();
  candidate->offset = offset;
  if (!head.empty()) {
    candidate->ranges.add(offset, head);
  }
  nv.push_back(candidate);
  continue_nv(candidate);
}

void ElfStreamScanner::State::continue_nv(const std::shared_ptr<NvCandidate>& candidate) {
  candidate->errors.clear();
  const CapturedRanges& ranges = candidate->ranges;
  candidate->container = binfmt::parse_fatbin_container(
      [&ranges](std::uint64_t at, std::uint64_t count) { return ranges.find(at, count); }, size, candidate->offset,
      candidate->errors);
  const auto& container = candidate->container;
  if (container.header_size != 0) {
    nv_known_end = std::max(nv_known_end, container.end);
  }
  // --deep: capture each entry whole as soon as its header is known (its payload follows at once).
  for (; options.deep && candidate->payloads_requested < container.entries.size(); ++candidate->payloads_requested) {
    const auto& entry = container.entries[candidate->payloads_requested];
    std::uint64_t length = entry.header_size + entry.stored_bytes();
    if (length <= k_max_entry_capture) {
      std::uint64_t at = entry.offset;
      if (!capture.request(at, length, [this, at](Bytes bytes) { nv_payloads.add(at, bytes); })) {
        candidate->errors.push_back(Error{fmt::format("fatbin entry at file offset {}: its bytes were passed before "
                                                      "its header was read",
                                                      hex(at))});
      }
    }
  }
  if (!container.incomplete) {
    candidate->done = true;
    candidate->ranges = CapturedRanges{};  // the parsed container is all that is kept
    return;
  }
  // Ask for more than the header the parser is missing, so that one read usually holds a container
  // header and the entry headers that follow it (0x48 to 0x80 bytes with their names); the bytes
  // are let go once the container is parsed. The next read may start where this one did (an
  // entry's 64-byte base header, then its whole header) after the capture has moved on to the next
  // piece: the capture's history still holds those bytes.
  std::uint64_t at = container.missing_offset;
  std::uint64_t want =
      std::max(container.missing_size, std::min<std::uint64_t>(k_nv_read_ahead, size - std::min(at, size)));
  bool asked = capture.request(at, want, [this, candidate, at](Bytes bytes) {
    candidate->ranges.add(at, bytes);
    continue_nv(candidate);
  });
  if (!asked) {
    candidate->errors.push_back(Error{fmt::format("fatbin container at file offset {}: its header at {} was passed "
                                                  "before it was known",
                                                  hex(candidate->offset), hex(at))});
    candidate->done = true;
    candidate->ranges = CapturedRanges{};
  }
}

void ElfStreamScanner::State::on_header(Bytes bytes) {
  header.assign(bytes.begin(), bytes.end());
  auto parsed = binfmt::parse_elf_header(bytes);
  if (!parsed) {
    errors.push_back(parsed.error().message);
    return;
  }
  std::uint64_t entry_size = parsed->is_64bit ? 64 : 40;
  if (parsed->section_header_offset != 0 && parsed->section_count != 0) {
    std::uint64_t table_size = parsed->section_count * entry_size;
    if (!capture.request(parsed->section_header_offset, table_size,
                         [this](Bytes table) { section_table.assign(table.begin(), table.end()); })) {
      errors.push_back(fmt::format("ELF section header table at offset {} lies before the ELF header's end",
                                   hex(parsed->section_header_offset)));
    }
  }
  std::uint64_t program_table = parsed->program_header_count * std::uint64_t{parsed->program_header_entry_size};
  if (parsed->program_header_offset != 0 && program_table != 0 && program_table <= k_max_table_bytes) {
    capture.request(parsed->program_header_offset, program_table, [this](Bytes table) { on_program_headers(table); });
  }
}

// PT_DYNAMIC locates .dynamic without the section table; it usually lies far into the file, so
// capturing it in pass 1 keeps pass 2 short.
void ElfStreamScanner::State::on_program_headers(Bytes bytes) {
  auto parsed = binfmt::parse_elf_header(header);
  if (!parsed) {
    return;
  }
  for (const auto& segment : binfmt::parse_program_headers(*parsed, bytes)) {
    if (segment.type == binfmt::k_pt_dynamic && segment.file_size <= k_max_table_bytes) {
      std::uint64_t offset = segment.offset;
      capture.request(offset, segment.file_size, [this, offset](Bytes data) { captured.add(offset, data); });
    }
  }
}

void ElfStreamScanner::State::keep_tail(Bytes chunk, std::uint64_t chunk_start) {
  std::uint64_t from = size > k_tail_bytes ? size - k_tail_bytes : 0;
  std::uint64_t chunk_end = chunk_start + chunk.size();
  if (chunk_end <= from) {
    return;
  }
  if (tail.empty()) {
    tail_start = std::max(from, chunk_start);
  }
  std::uint64_t skip = tail_start > chunk_start ? tail_start - chunk_start : 0;
  tail.insert(tail.end(), chunk.begin() + static_cast<std::ptrdiff_t>(skip), chunk.end());
}

// Every byte offset may start a bundle or an embedded ELF image. A .hip_fatbin is usually
// page-aligned in the file, but not always (cupy-rocm-4-0 10.6.0's cub module has it at an offset
// aligned to 8 only), and embedded code sits wherever the linker put the data that holds it. The
// search covers the piece about to be fed; `window` extends it by up to k_embedded_probe_bytes so
// that a hit's header is complete. Requests for a hit start inside the piece, which the capture
// has not passed yet.
void ElfStreamScanner::State::process(Bytes window, std::uint64_t piece_size, std::uint64_t start) {
  std::vector<EmbeddedMagic> hits;
  find_embedded_magics(window, piece_size, start, hits);
  for (const auto& hit : hits) {
    Bytes head = window.subspan(static_cast<std::size_t>(hit.offset - start));
    head = head.first(std::min<std::size_t>(head.size(), k_embedded_probe_bytes));
    if (hit.kind == EmbeddedKind::cuda_fatbin) {
      continue;  // probe_nvidia finds every 8-aligned container, in any section
    }
    if (hit.kind == EmbeddedKind::elf_image) {
      on_elf_head(hit.offset, head);
    } else if (hit.kind == EmbeddedKind::plain_bundle || hit.offset >= ccob_known_end) {
      on_amd_head(hit.offset, head);
    }
  }
  Bytes piece = window.first(static_cast<std::size_t>(piece_size));
  probe_nvidia(piece, start);
  keep_tail(piece, start);
  capture.feed(piece);
}

// The bytes kept back at the end of the stream (or of a stream shorter than declared).
void ElfStreamScanner::State::flush() {
  if (flushed) {
    return;
  }
  flushed = true;
  std::vector<std::uint8_t> rest = std::move(held);
  held.clear();
  if (!rest.empty()) {
    process(Bytes(rest.data(), rest.size()), rest.size(), capture.position());
  }
}

void ElfStreamScanner::State::on_elf_head(std::uint64_t offset, Bytes head) {
  auto extent = embedded_elf_extent(head);
  if (!extent || *extent > size - offset) {
    return;
  }
  auto image = std::make_shared<ElfCandidate>();
  image->offset = offset;
  images.push_back(image);
  if (*extent > k_max_entry_capture) {
    image->too_large = true;
    return;
  }
  capture.request(offset, *extent, [this, image](Bytes bytes) { on_elf_prefix(image, bytes); });
}

// The header said how far the tables reach; the section table may say the image reaches further.
void ElfStreamScanner::State::on_elf_prefix(const std::shared_ptr<ElfCandidate>& image, Bytes bytes) {
  image->prefix.insert(image->prefix.end(), bytes.begin(), bytes.end());
  Bytes have(image->prefix.data(), image->prefix.size());
  auto extent = embedded_elf_extent(have);
  if (extent && *extent > have.size() && *extent <= size - image->offset) {
    if (*extent > k_max_entry_capture) {
      image->too_large = true;
      image->prefix = {};
      return;
    }
    std::uint64_t at = image->offset + have.size();
    capture.request(at, *extent - have.size(), [this, image](Bytes more) { on_elf_prefix(image, more); });
    return;
  }
  if (extent && *extent <= have.size()) {
    image->code = embedded_elf_code(have.first(static_cast<std::size_t>(*extent)));
    image->size = *extent;
  }
  image->prefix = {};
  image->prefix.shrink_to_fit();
}

void ElfStreamScanner::State::on_amd_head(std::uint64_t offset, Bytes head) {
  if (has_magic(head, 0, binfmt::k_offload_bundle_magic)) {
    capture_plain_table(offset, std::make_shared<std::vector<std::uint8_t>>());
  } else if (has_magic(head, 0, binfmt::k_ccob_magic)) {
    // "CCOB" also occurs by chance (strings, zstd data): only a plausible header is followed, and
    // only a plausible v2/v3 total size hides the magics inside it. The full header is checked
    // when the bundle is parsed.
    auto version = read_le<std::uint16_t>(head, 4).value_or(0);
    auto method = read_le<std::uint16_t>(head, 6).value_or(0xffff);
    auto declared_total = binfmt::compressed_bundle_total_size(head);
    bool bad_total = declared_total && (*declared_total < 24 || *declared_total > size - offset);
    if (version < 1 || version > 3 || method > 1 || bad_total) {
      amd.push_back({offset, std::nullopt,
                     Error{fmt::format("compressed bundle header: version {}, method {}, total size {} (of {} bytes "
                                       "left) is not a CCOB",
                                       version, method, declared_total.value_or(0), size - offset)}});
      return;  // the error matters only at a .hip_fatbin walk position
    }
    if (declared_total) {
      ccob_known_end = std::max(ccob_known_end, offset + *declared_total);
    }
    capture.request(offset, std::min<std::uint64_t>(32, size - offset), [this, offset](Bytes ccob_header) {
      auto total = binfmt::compressed_bundle_total_size(ccob_header);
      std::uint64_t want = std::min<std::uint64_t>(total.value_or(k_v1_ccob_capture), size - offset);
      if (want > k_max_ccob_capture) {
        amd.push_back({offset, std::nullopt, Error{fmt::format("compressed bundle of {} bytes is too large to read "
                                                               "from inside a zip; extract the file and scan it",
                                                               want)}});
        return;
      }
      if (!capture.request(offset, want, [this, offset](Bytes bytes) { on_ccob(offset, bytes); })) {
        amd.push_back({offset, std::nullopt, Error{fmt::format("compressed bundle at file offset {}: its bytes were "
                                                               "passed before its header was read",
                                                               hex(offset))}});
      }
    });
  }
}

// A plain bundle's table is read a page at a time until it parses (tables are small; the first
// payload starts on the next 4096-aligned offset after it).
void ElfStreamScanner::State::capture_plain_table(std::uint64_t offset,
                                                  std::shared_ptr<std::vector<std::uint8_t>> table) {
  std::uint64_t start = offset + table->size();
  std::uint64_t want = std::min<std::uint64_t>(k_table_window, size - start);
  if (want == 0) {
    on_plain_table(offset, table);
    return;
  }
  capture.request(start, want, [this, offset, table](Bytes bytes) {
    table->insert(table->end(), bytes.begin(), bytes.end());
    on_plain_table(offset, table);
  });
}

void ElfStreamScanner::State::on_plain_table(std::uint64_t offset,
                                             const std::shared_ptr<std::vector<std::uint8_t>>& table) {
  bool short_window = false;
  Bytes window(table->data(), table->size());
  auto parsed = binfmt::parse_offload_bundle(
      [&](std::uint64_t at, std::uint64_t count) -> Result<Bytes> {
        auto bytes = slice(window, at, count);
        if (!bytes) {
          short_window = true;
          return Error{"needs more"};
        }
        return *bytes;
      },
      size - offset);
  if (!parsed && short_window && table->size() < k_max_table_bytes && offset + table->size() < size) {
    capture_plain_table(offset, table);
    return;
  }
  if (!parsed) {
    amd.push_back({offset, std::nullopt, parsed.error()});
    return;
  }
  binfmt::FoundBundle found;
  found.bundle = std::move(parsed).value();
  found.stored_size = found.bundle.end;
  if (options.deep) {
    request_payload_heads(found.bundle, offset, window);
  }
  amd.push_back({offset, std::move(found), std::nullopt});
}

void ElfStreamScanner::State::request_payload_heads(const binfmt::OffloadBundle& bundle, std::uint64_t offset,
                                                   Bytes window) {
  for (const auto& entry : bundle.entries) {
    std::uint64_t at = offset + entry.offset;
    std::uint64_t want = std::min(entry.size, k_payload_head);
    if (auto inside = slice(window, entry.offset, want)) {
      payload_heads[at].assign(inside->begin(), inside->end());
    } else if (want > 0) {
      capture.request(at, want, [this, at](Bytes head) { payload_heads[at].assign(head.begin(), head.end()); });
    }
  }
}

void ElfStreamScanner::State::on_ccob(std::uint64_t offset, Bytes bytes) {
  auto mode = options.deep ? binfmt::Decompress::everything : binfmt::Decompress::table_only;
  auto parsed = binfmt::parse_compressed_bundle(bytes, mode, options.budget.get());
  if (!parsed) {
    amd.push_back({offset, std::nullopt, parsed.error()});
    return;
  }
  amd.push_back({offset, binfmt::found_compressed_bundle(std::move(parsed).value(), offset), std::nullopt});
}

ElfStreamScanner::ElfStreamScanner(std::uint64_t file_size, const ScanOptions& options)
    : m_state(std::make_unique<State>()) {
  m_state->size = file_size;
  m_state->options = options;
  State* state = m_state.get();
  state->capture.request(0, std::min(file_size, k_elf_header_bytes), [state](Bytes bytes) { state->on_header(bytes); });
}

ElfStreamScanner::~ElfStreamScanner() = default;

void ElfStreamScanner::feed(Bytes chunk) {
  State& s = *m_state;
  s.fed += chunk.size();
  s.held.insert(s.held.end(), chunk.begin(), chunk.end());
  std::uint64_t start = s.capture.position();
  if (start + s.held.size() >= s.size) {
    s.flush();
    return;
  }
  if (s.held.size() <= k_embedded_probe_bytes) {
    return;
  }
  std::uint64_t piece = s.held.size() - k_embedded_probe_bytes;
  s.process(Bytes(s.held.data(), s.held.size()), piece, start);
  s.held.erase(s.held.begin(), s.held.begin() + static_cast<std::ptrdiff_t>(piece));
}

}  // namespace archfit::scan

namespace archfit::scan {

namespace {

// The sections host needs are read from: .dynamic, the version needs and definitions, notes, and
// the string tables they link to.
std::vector<const binfmt::ElfSection*> host_need_sections(const std::vector<binfmt::ElfSection>& sections) {
  std::vector<const binfmt::ElfSection*> wanted;
  for (const auto& section : sections) {
    bool needs_strings = section.type == binfmt::k_sht_dynamic || section.type == binfmt::k_sht_gnu_verneed ||
                         section.type == binfmt::k_sht_gnu_verdef;
    if (needs_strings || section.type == binfmt::k_sht_note) {
      wanted.push_back(&section);
    }
    if (needs_strings && section.link < sections.size()) {
      wanted.push_back(&sections[section.link]);
    }
  }
  return wanted;
}

}  // namespace

// --deep: a fatbin entry's bytes as captured while streaming (offsets are file offsets).
EntryContentsReader ElfStreamScanner::State::streamed_fatbin_contents() const {
  return [this](const binfmt::FatbinEntry& entry) -> Result<std::vector<std::uint8_t>> {
    std::uint64_t length = entry.header_size + entry.stored_bytes();
    auto bytes = nv_payloads.find(entry.offset, length);
    if (!bytes) {
      return Error{fmt::format("fatbin entry at file offset {}: too large to check inside a zip", hex(entry.offset))};
    }
    binfmt::FatbinEntry local = entry;
    local.offset = 0;
    return binfmt::fatbin_entry_contents(*bytes, local, k_max_entry_capture, options.budget.get());
  };
}

// Replays the fatbin walk of each .nv_fatbin / __nv_relfatbin section over the containers found
// while streaming (offsets are file offsets, so the region starts at 0).
void ElfStreamScanner::State::add_streamed_fatbins(const binfmt::ElfFile& elf, const binfmt::ElfSection& only,
                                                   FileReport& report) const {
  const State& s = *this;
  std::vector<std::shared_ptr<NvCandidate>> candidates = s.nv;
  std::sort(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) { return a->offset < b->offset; });
  EntryContentsReader contents = s.streamed_fatbin_contents();
  for (const auto& section : elf.sections()) {
    if (&section != &only || (section.name != ".nv_fatbin" && section.name != "__nv_relfatbin")) {
      continue;
    }
    std::uint64_t next_allowed = section.offset;
    std::uint64_t section_end = section.offset + section.size;
    for (const auto& candidate : candidates) {
      if (candidate->offset < next_allowed || candidate->offset >= section_end) {
        continue;
      }
      const auto& container = candidate->container;
      for (const auto& error : candidate->errors) {
        report.errors.push_back(fmt::format("{} (streamed; file offsets) {}", section.name, error.message));
      }
      if (container.end > section_end) {
        report.errors.push_back(fmt::format("{}: fatbin container at file offset {} runs past the section end at {}",
                                            section.name, hex(container.offset), hex(section_end)));
      }
      next_allowed = std::max(align_up(container.end, binfmt::k_fatbin_alignment).value_or(section_end),
                              candidate->offset + binfmt::k_fatbin_alignment);
      if (container.fat_size != 0) {
        add_fatbin_container(container, section.name, 0, contents, s.options, report);
      }
    }
  }
}

// Replays the in-memory embedded search of one section over the items validated while streaming:
// left to right, each valid item skipping the hits inside it.
void ElfStreamScanner::State::add_embedded_in(const binfmt::ElfSection& section, const PayloadReader& payloads,
                                              FileReport& report) const {
  std::uint64_t section_end = section.offset + section.size;
  std::vector<EmbeddedFound> found;
  for (const auto& candidate : amd) {
    if (candidate.found && candidate.offset >= section.offset && candidate.offset < section_end &&
        !candidate.found->bundle.entries.empty() && candidate.found->stored_size <= section_end - candidate.offset) {
      found.push_back({candidate.offset, candidate.found->stored_size, candidate.found, std::nullopt});
    }
  }
  for (const auto& image : images) {
    if (image->offset < section.offset || image->offset >= section_end) {
      continue;
    }
    if (image->too_large) {
      report.errors.push_back(fmt::format("{}: ELF image at file offset {} is larger than {} MiB; extract the file "
                                          "and scan it to check whether it is GPU code",
                                          section.name, hex(image->offset), k_max_entry_capture >> 20));
    } else if (image->code && image->size <= section_end - image->offset) {
      found.push_back({image->offset, image->size, std::nullopt, image->code});
    }
  }
  // Fatbin containers the NVIDIA probe found at 8-aligned offsets of this section.
  for (const auto& candidate : nv) {
    const auto& container = candidate->container;
    if (candidate->offset >= section.offset && candidate->offset < section_end &&
        valid_embedded_fatbin(container, candidate->offset, container.end, !candidate->errors.empty(), section_end)) {
      EmbeddedFound item;
      item.offset = candidate->offset;
      item.size = container.end - candidate->offset;
      item.fatbin = container;
      found.push_back(std::move(item));
    }
  }
  std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.offset < b.offset; });
  EntryContentsReader contents = streamed_fatbin_contents();
  std::uint64_t next_allowed = section.offset;
  for (const auto& item : found) {
    if (item.offset < next_allowed) {
      continue;
    }
    add_embedded(item, section.name, payloads, contents, options, report);
    next_allowed = item.offset + std::max<std::uint64_t>(item.size, 1);
  }
}

bool ElfStreamScanner::wants_second_pass() {
  State& s = *m_state;
  s.flush();
  if (s.passes_planned >= 2 || s.header.empty() || s.section_table.empty()) {
    return false;
  }
  if (s.passes_planned++ == 0) {
    auto names_at = binfmt::ElfFile::section_names_location(s.header, s.section_table);
    if (names_at) {
      Bytes tail(s.tail.data(), s.tail.size());
      auto in_tail = names_at->offset >= s.tail_start ? slice(tail, names_at->offset - s.tail_start, names_at->size)
                                                      : std::nullopt;
      if (in_tail) {
        s.names.assign(in_tail->begin(), in_tail->end());
      } else {
        s.second.request(names_at->offset, names_at->size,
                         [&s](Bytes bytes) { s.names.assign(bytes.begin(), bytes.end()); });
      }
    }
  }
  if (s.passes_planned == 2) {
    s.second = ForwardCapture{};  // pass 3 reads the stream from its start again
  }
  auto elf = binfmt::ElfFile::from_parts(s.header, s.section_table, {}, s.size, nullptr);
  if (!elf) {
    return !s.second.idle();
  }
  bool wanted = s.passes_planned == 1 ? s.plan_needs_pass(*elf) : s.plan_strings_pass(*elf);
  if (!wanted && s.passes_planned == 1) {
    // Everything pass 2 would read was captured in pass 1: go straight to the strings.
    s.passes_planned = 2;
    wanted = s.plan_strings_pass(*elf);
  }
  if (!s.entry_sections_planned && !s.names.empty()) {
    if (auto named = binfmt::ElfFile::from_parts(s.header, s.section_table, s.names, s.size, nullptr)) {
      s.entry_sections_planned = true;
      s.plan_entry_sections(*named);
      wanted = !s.second.idle();
    }
  }
  return wanted;
}

// Pass 2: the host-need sections not captured yet; string tables over k_max_whole_strtab are left
// for pass 3, which reads only the strings referred to.
bool ElfStreamScanner::State::plan_needs_pass(const binfmt::ElfFile& elf) {
  std::uint64_t total = 0;
  const auto& sections = elf.sections();
  for (const auto* section : host_need_sections(sections)) {
    if (section->type == binfmt::k_sht_nobits || captured.find(section->offset, section->size)) {
      continue;
    }
    if (section->type == binfmt::k_sht_strtab && section->size > k_max_whole_strtab) {
      // Read sparsely into a table of the section's size (finish()): a size the file cannot hold
      // would be a lie worth gigabytes of address space. Such a table is not planned; reading
      // the host needs then reports the section as running past the end of the file.
      auto end = checked_add(section->offset, section->size);
      if (!end || *end > size) {
        continue;
      }
      sparse_strings[static_cast<std::uint32_t>(section - sections.data())];
      continue;
    }
    total += section->size;
    if (total > k_max_second_pass_bytes) {
      errors.push_back("host needs: the version and dynamic sections are too large to read from inside a zip; "
                       "extract the file and scan it");
      break;
    }
    std::uint64_t offset = section->offset;
    second.request(offset, section->size, [this, offset](Bytes bytes) { captured.add(offset, bytes); });
  }
  return !second.idle();
}

// One section per bundle entry (Intel's SYCL compiler links them into shared libraries too, as
// bitsandbytes' XPU builds show): only their first bytes are read, as in a bundle. Needs the
// section names, which come from the tail or from pass 2.
void ElfStreamScanner::State::plan_entry_sections(const binfmt::ElfFile& elf) {
  for (const auto& section : elf.sections()) {
    if (section.name.starts_with(binfmt::k_offload_bundle_magic) && section.type != binfmt::k_sht_nobits &&
        section.size != 0 && section.offset < size) {
      std::uint64_t offset = section.offset;
      std::uint64_t want = std::min({section.size, k_entry_section_head, size - offset});
      second.request(offset, want, [this, offset](Bytes bytes) {
        entry_section_heads[offset].assign(bytes.begin(), bytes.end());
      });
    }
  }
}

namespace {

// The string-table offsets a host-need section refers to (gABI dynamic entries DT_NEEDED 1,
// DT_RPATH 15, DT_RUNPATH 29; GNU Elfxx_Verneed/Vernaux and Elfxx_Verdef/Verdaux, the same layout
// in both ELF classes). Walks are bounded by the section size.
void string_references(const binfmt::ElfSection& section, Bytes data, bool is_64bit, std::set<std::uint64_t>& out) {
  if (section.type == binfmt::k_sht_dynamic) {
    std::uint64_t entry = is_64bit ? 16 : 8;
    auto word = [&](std::uint64_t at) -> std::optional<std::uint64_t> {
      if (is_64bit) {
        return read_le<std::uint64_t>(data, at);
      }
      auto value = read_le<std::uint32_t>(data, at);
      return value ? std::optional<std::uint64_t>(*value) : std::nullopt;
    };
    for (std::uint64_t at = 0; at + entry <= data.size(); at += entry) {
      auto tag = word(at);
      auto value = word(at + entry / 2);
      if (!tag || !value || *tag == 0) {
        break;
      }
      if (*tag == 1 || *tag == 15 || *tag == 29) {
        out.insert(*value);
      }
    }
    return;
  }
  bool need = section.type == binfmt::k_sht_gnu_verneed;
  std::uint64_t at = 0;
  for (std::uint64_t guard = 0; guard < data.size() / 8 + 1; ++guard) {
    auto count = read_le<std::uint16_t>(data, at + (need ? 2 : 6));
    auto aux = read_le<std::uint32_t>(data, at + (need ? 8 : 12));
    auto next = read_le<std::uint32_t>(data, at + (need ? 12 : 16));
    if (!count || !aux || !next) {
      return;
    }
    if (need) {
      if (auto file = read_le<std::uint32_t>(data, at + 4)) {
        out.insert(*file);
      }
    }
    std::uint64_t aux_at = at + *aux;
    for (std::uint16_t i = 0; i < *count; ++i) {
      auto name = read_le<std::uint32_t>(data, aux_at + (need ? 8 : 0));
      auto aux_next = read_le<std::uint32_t>(data, aux_at + (need ? 12 : 4));
      if (!name || !aux_next) {
        break;
      }
      out.insert(*name);
      if (*aux_next == 0) {
        break;
      }
      aux_at += *aux_next;
    }
    if (*next == 0) {
      return;
    }
    at += *next;
  }
}

}  // namespace

// Pass 3: each string the captured sections refer to in a sparse string table.
bool ElfStreamScanner::State::plan_strings_pass(const binfmt::ElfFile& elf) {
  const auto& sections = elf.sections();
  for (auto& [index, strings] : sparse_strings) {
    if (index >= sections.size()) {
      continue;
    }
    const auto& table = sections[index];
    std::set<std::uint64_t> offsets;
    for (const auto& section : sections) {
      bool refers = section.type == binfmt::k_sht_dynamic || section.type == binfmt::k_sht_gnu_verneed ||
                    section.type == binfmt::k_sht_gnu_verdef;
      if (refers && section.link == index) {
        if (auto data = captured.find(section.offset, section.size)) {
          string_references(section, *data, elf.header().is_64bit, offsets);
        }
      }
    }
    for (std::uint64_t offset : offsets) {
      if (offset >= table.size) {
        continue;  // read_host_needs reports it as outside the table
      }
      auto* slot = &strings[offset];
      second.request(table.offset + offset, std::min(k_max_string, table.size - offset),
                     [slot](Bytes bytes) { slot->assign(bytes.begin(), bytes.end()); });
    }
  }
  return !second.idle();
}

bool ElfStreamScanner::feed_second(Bytes chunk) {
  m_state->second.feed(chunk);
  return !m_state->second.idle();
}

void ElfStreamScanner::finish(FileReport& report) {
  State& s = *m_state;
  s.flush();
  for (const auto& error : s.errors) {
    report.errors.push_back(error);
  }
  if (s.header.empty()) {
    report.errors.push_back(fmt::format("ELF header: file is {} bytes", s.size));
    return;
  }
  if (s.section_table.empty()) {
    auto header = binfmt::parse_elf_header(s.header);
    if (header && header->section_header_offset != 0) {
      report.errors.push_back(fmt::format("ELF section header table at offset {} runs past end of file (size {})",
                                          hex(header->section_header_offset), hex(s.size)));
    }
    return;
  }
  const CapturedRanges& captured = s.captured;
  // A sparse string table: zero-filled pages from calloc (mapped lazily, so only the pages that
  // receive a string become resident) holding the strings captured in pass 3 at their offsets.
  using Buffer = std::unique_ptr<std::uint8_t, decltype(&std::free)>;
  std::map<std::uint64_t, std::pair<Buffer, std::uint64_t>> sparse_tables;  // by file offset
  if (!s.sparse_strings.empty()) {
    if (auto layout = binfmt::ElfFile::from_parts(s.header, s.section_table, {}, s.size, nullptr)) {
      for (const auto& [index, strings] : s.sparse_strings) {
        if (index >= layout->sections().size()) {
          continue;
        }
        const auto& table = layout->sections()[index];
        auto end = checked_add(table.offset, table.size);
        if (!end || *end > s.size || *end > s.fed) {
          continue;  // not in the bytes the stream brought (a member shorter than its zip entry says)
        }
        Buffer buffer(static_cast<std::uint8_t*>(std::calloc(static_cast<std::size_t>(table.size), 1)), &std::free);
        if (!buffer) {
          continue;
        }
        for (const auto& [offset, bytes] : strings) {
          std::size_t length = std::min<std::size_t>(bytes.size(), static_cast<std::size_t>(table.size - offset));
          std::copy_n(bytes.begin(), length, buffer.get() + offset);
        }
        sparse_tables.emplace(table.offset, std::pair<Buffer, std::uint64_t>(std::move(buffer), table.size));
      }
    }
  }
  auto sparse_bytes = [&sparse_tables](const binfmt::ElfSection& section) -> std::optional<Bytes> {
    auto found = sparse_tables.find(section.offset);
    if (found == sparse_tables.end() || found->second.second != section.size) {
      return std::nullopt;
    }
    return Bytes(found->second.first.get(), static_cast<std::size_t>(section.size));
  };
  auto read_section = [&captured, &sparse_bytes](const binfmt::ElfSection& section) -> Result<Bytes> {
    if (auto bytes = captured.find(section.offset, section.size)) {
      return *bytes;
    }
    if (auto bytes = sparse_bytes(section)) {
      return *bytes;
    }
    return Error{fmt::format("section '{}' was not captured while streaming", section.name)};
  };
  auto elf = binfmt::ElfFile::from_parts(s.header, s.section_table, s.names, s.size, read_section);
  if (!elf) {
    report.format = "unknown";  // which kind of ELF file is not known: its header or section table is bad
    report.errors.push_back(elf.error().message);
    return;
  }
  report.format = elf->header().type == binfmt::k_et_rel    ? "elf-relocatable"
                  : elf->header().type == binfmt::k_et_exec ? "elf-executable"
                                                            : "elf-shared-object";
  std::sort(s.amd.begin(), s.amd.end(), [](const auto& a, const auto& b) { return a.offset < b.offset; });
  PayloadReader payloads = [&s](std::uint64_t offset, std::uint64_t) {
    auto it = s.payload_heads.find(offset);
    return it == s.payload_heads.end() ? Bytes{} : Bytes(it->second.data(), it->second.size());
  };
  // Sections in file-table order, as the in-memory scan visits them, so both list code in one order.
  for (const auto& section : elf->sections()) {
    if (embedded_search_section(section)) {
      s.add_embedded_in(section, payloads, report);
      continue;
    }
    if (section.name == ".nv_fatbin" || section.name == "__nv_relfatbin") {
      s.add_streamed_fatbins(*elf, section, report);
      continue;
    }
    if (section.name.starts_with(binfmt::k_offload_bundle_magic)) {
      auto head = s.entry_section_heads.find(section.offset);
      if (section.size != 0 && head == s.entry_section_heads.end()) {
        report.errors.push_back(fmt::format("section '{}' at file offset {} was not captured while streaming",
                                            section.name, hex(section.offset)));
        continue;
      }
      Bytes bytes = head == s.entry_section_heads.end() ? Bytes{} : Bytes(head->second.data(), head->second.size());
      add_bundle_entry_section(section.name, section.offset, section.size, bytes, s.options, report);
      continue;
    }
    if (section.name != ".hip_fatbin") {
      continue;
    }
    // Replay the in-memory walk: bundles at 4096-aligned section offsets, each resuming after the
    // previous one.
    std::uint64_t next_allowed = section.offset;
    std::uint64_t section_end = section.offset + section.size;
    EntryIdDecoder ids;
    for (const auto& candidate : s.amd) {
      if (candidate.offset < next_allowed || candidate.offset >= section_end ||
          (candidate.offset - section.offset) % binfmt::k_hip_bundle_alignment != 0) {
        continue;
      }
      std::string where = fmt::format(".hip_fatbin (file offset {}) at +{}", hex(section.offset),
                                      hex(candidate.offset - section.offset));
      if (candidate.error) {
        report.errors.push_back(fmt::format("{}: {}", where, candidate.error->message));
        next_allowed = candidate.offset + binfmt::k_hip_bundle_alignment;
        continue;
      }
      const auto& found = *candidate.found;
      if (candidate.offset + found.stored_size > section_end) {
        report.errors.push_back(fmt::format("{}: bundle of {} bytes runs past the end of the section", where,
                                            found.stored_size));
        next_allowed = candidate.offset + binfmt::k_hip_bundle_alignment;
        continue;
      }
      add_found_bundle(found, section.name, candidate.offset, payloads, s.options, ids, report);
      next_allowed = align_up(candidate.offset + found.stored_size, binfmt::k_hip_bundle_alignment)
                         .value_or(section_end);
    }
  }
  auto needs = binfmt::read_host_needs(*elf);
  if (needs) {
    report.needs = host_needs_record(*needs);
  } else {
    report.errors.push_back(needs.error().message);
  }
}

}  // namespace archfit::scan
