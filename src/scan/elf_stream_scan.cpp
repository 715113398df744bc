#include "scan/elf_stream_scan.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "binfmt/compressed_bundle.hpp"
#include "binfmt/cuda_fatbin.hpp"
#include "binfmt/elf_file.hpp"
#include "binfmt/elf_host_needs.hpp"
#include "binfmt/hip_fatbin.hpp"
#include "binfmt/offload_bundle.hpp"
#include "scan/amd_offload_scan.hpp"
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
constexpr std::uint64_t k_payload_head = 64;              // an ELF header, for --deep
constexpr std::uint64_t k_max_entry_capture = 64 << 20;   // fatbin entries captured whole for --deep
constexpr std::string_view k_fatbin_magic_bytes{"\x50\xed\x55\xba", 4};

// A bundle found at an aligned offset, before it is known which section holds it.
struct AmdCandidate {
  std::uint64_t offset = 0;
  std::optional<binfmt::FoundBundle> found;
  std::optional<Error> error;
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
  ForwardCapture capture;
  std::vector<std::uint8_t> header;
  std::vector<std::uint8_t> section_table;
  std::vector<std::uint8_t> tail;
  std::uint64_t tail_start = 0;
  CapturedRanges captured;  // .dynamic from PT_DYNAMIC, then pass-2 sections
  std::vector<AmdCandidate> amd;
  std::vector<std::shared_ptr<NvCandidate>> nv;
  std::uint64_t nv_known_end = 0;  // probes inside a container whose header was read are skipped
  CapturedRanges nv_payloads;      // whole entries (header + payload) for --deep
  std::map<std::uint64_t, std::vector<std::uint8_t>> payload_heads;
  std::vector<std::string> errors;
  ForwardCapture second;
  std::vector<std::uint8_t> names;
  bool second_planned = false;

  void on_header(Bytes bytes);
  void on_program_headers(Bytes bytes);
  void probe_amd(Bytes chunk, std::uint64_t chunk_start);
  void on_amd_head(std::uint64_t offset, Bytes head);
  void capture_plain_table(std::uint64_t offset, std::shared_ptr<std::vector<std::uint8_t>> table);
  void on_plain_table(std::uint64_t offset, const std::shared_ptr<std::vector<std::uint8_t>>& table);
  void on_ccob(std::uint64_t offset, Bytes bytes);
  void request_payload_heads(const binfmt::OffloadBundle& bundle, std::uint64_t offset, Bytes window);
  void keep_tail(Bytes chunk, std::uint64_t chunk_start);
  void probe_nvidia(Bytes chunk, std::uint64_t chunk_start);
  void on_nv_magic(std::uint64_t offset);
  void continue_nv(const std::shared_ptr<NvCandidate>& candidate);
  void add_streamed_fatbins(const binfmt::ElfFile& elf, FileReport& report) const;
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
    capture.request(last, 4, [this, last](Bytes head) {
      if (as_chars(head) == k_fatbin_magic_bytes && last >= nv_known_end) {
        on_nv_magic(last);
      }
    });
  }
}

void ElfStreamScanner::State::on_nv_magic(std::uint64_t offset) {
  auto candidate = std::make_shared<NvCandidate>();
  candidate->offset = offset;
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
      capture.request(at, length, [this, at](Bytes bytes) { nv_payloads.add(at, bytes); });
    }
  }
  if (!container.incomplete) {
    candidate->done = true;
    return;
  }
  std::uint64_t at = container.missing_offset;
  bool asked = capture.request(at, container.missing_size, [this, candidate, at](Bytes bytes) {
    candidate->ranges.add(at, bytes);
    continue_nv(candidate);
  });
  if (!asked) {
    candidate->errors.push_back(Error{fmt::format("fatbin container at file offset {}: its header at {} was passed "
                                                  "before it was known",
                                                  hex(candidate->offset), hex(at))});
    candidate->done = true;
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

// Every 4096-aligned offset may start a bundle (.hip_fatbin is page-aligned in the file).
void ElfStreamScanner::State::probe_amd(Bytes chunk, std::uint64_t chunk_start) {
  std::uint64_t chunk_end = chunk_start + chunk.size();
  for (std::uint64_t p = align_up(chunk_start, binfmt::k_hip_bundle_alignment).value_or(chunk_end); p < chunk_end;
       p += binfmt::k_hip_bundle_alignment) {
    std::uint64_t want = std::min<std::uint64_t>(binfmt::k_offload_bundle_magic.size(), size - p);
    if (p + want <= chunk_end) {
      on_amd_head(p, chunk.subspan(static_cast<std::size_t>(p - chunk_start), static_cast<std::size_t>(want)));
    } else {
      capture.request(p, want, [this, p](Bytes head) { on_amd_head(p, head); });
    }
  }
}

void ElfStreamScanner::State::on_amd_head(std::uint64_t offset, Bytes head) {
  if (has_magic(head, 0, binfmt::k_offload_bundle_magic)) {
    capture_plain_table(offset, std::make_shared<std::vector<std::uint8_t>>());
  } else if (has_magic(head, 0, binfmt::k_ccob_magic)) {
    capture.request(offset, std::min<std::uint64_t>(32, size - offset), [this, offset](Bytes ccob_header) {
      auto total = binfmt::compressed_bundle_total_size(ccob_header);
      std::uint64_t want = std::min<std::uint64_t>(total.value_or(k_v1_ccob_capture), size - offset);
      if (want > k_max_ccob_capture) {
        amd.push_back({offset, std::nullopt, Error{fmt::format("compressed bundle of {} bytes is too large to read "
                                                               "from inside a zip; extract the file and scan it",
                                                               want)}});
        return;
      }
      capture.request(offset, want, [this, offset](Bytes bytes) { on_ccob(offset, bytes); });
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
  std::uint64_t start = m_state->capture.position();
  m_state->probe_amd(chunk, start);
  m_state->probe_nvidia(chunk, start);
  m_state->keep_tail(chunk, start);
  m_state->capture.feed(chunk);
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

// Replays the fatbin walk of each .nv_fatbin / __nv_relfatbin section over the containers found
// while streaming (offsets are file offsets, so the region starts at 0).
void ElfStreamScanner::State::add_streamed_fatbins(const binfmt::ElfFile& elf, FileReport& report) const {
  const State& s = *this;
  std::vector<std::shared_ptr<NvCandidate>> candidates = s.nv;
  std::sort(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) { return a->offset < b->offset; });
  EntryContentsReader contents = [&s](const binfmt::FatbinEntry& entry) -> Result<std::vector<std::uint8_t>> {
    std::uint64_t length = entry.header_size + entry.stored_bytes();
    auto bytes = s.nv_payloads.find(entry.offset, length);
    if (!bytes) {
      return Error{fmt::format("fatbin entry at file offset {}: too large to check inside a zip", hex(entry.offset))};
    }
    binfmt::FatbinEntry local = entry;
    local.offset = 0;
    return binfmt::fatbin_entry_contents(*bytes, local, k_max_entry_capture, s.options.budget.get());
  };
  for (const auto& section : elf.sections()) {
    if (section.name != ".nv_fatbin" && section.name != "__nv_relfatbin") {
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

bool ElfStreamScanner::wants_second_pass() {
  State& s = *m_state;
  if (s.second_planned || s.header.empty() || s.section_table.empty()) {
    return false;
  }
  s.second_planned = true;
  auto names_at = binfmt::ElfFile::section_names_location(s.header, s.section_table);
  if (names_at) {
    Bytes tail(s.tail.data(), s.tail.size());
    auto in_tail = names_at->offset >= s.tail_start ? slice(tail, names_at->offset - s.tail_start, names_at->size)
                                                    : std::nullopt;
    if (in_tail) {
      s.names.assign(in_tail->begin(), in_tail->end());
    } else {
      s.second.request(names_at->offset, names_at->size, [&s](Bytes bytes) { s.names.assign(bytes.begin(), bytes.end()); });
    }
  }
  auto elf = binfmt::ElfFile::from_parts(s.header, s.section_table, {}, s.size, nullptr);
  if (!elf) {
    return !s.second.idle();
  }
  std::uint64_t total = 0;
  for (const auto* section : host_need_sections(elf->sections())) {
    if (section->type == binfmt::k_sht_nobits || s.captured.find(section->offset, section->size)) {
      continue;
    }
    total += section->size;
    if (total > k_max_second_pass_bytes) {
      s.errors.push_back("host needs: the dynamic string tables are too large to read from inside a zip; extract "
                         "the file and scan it");
      break;
    }
    std::uint64_t offset = section->offset;
    s.second.request(offset, section->size, [&s, offset](Bytes bytes) { s.captured.add(offset, bytes); });
  }
  return !s.second.idle();
}

bool ElfStreamScanner::feed_second(Bytes chunk) {
  m_state->second.feed(chunk);
  return !m_state->second.idle();
}

void ElfStreamScanner::finish(FileReport& report) {
  State& s = *m_state;
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
  auto elf = binfmt::ElfFile::from_parts(s.header, s.section_table, s.names, s.size,
                                         [&captured](const binfmt::ElfSection& section) -> Result<Bytes> {
                                           if (auto bytes = captured.find(section.offset, section.size)) {
                                             return *bytes;
                                           }
                                           return Error{fmt::format("section '{}' was not captured while streaming",
                                                                    section.name)};
                                         });
  if (!elf) {
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
  for (const auto& section : elf->sections()) {
    if (section.name != ".hip_fatbin") {
      continue;
    }
    // Replay the in-memory walk: bundles in section order, each resuming after the previous one.
    std::uint64_t next_allowed = section.offset;
    std::uint64_t section_end = section.offset + section.size;
    for (const auto& candidate : s.amd) {
      if (candidate.offset < next_allowed || candidate.offset >= section_end) {
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
      add_found_bundle(found, section.name, candidate.offset, payloads, s.options, report);
      next_allowed = align_up(candidate.offset + found.stored_size, binfmt::k_hip_bundle_alignment)
                         .value_or(section_end);
    }
  }
  s.add_streamed_fatbins(*elf, report);
  auto needs = binfmt::read_host_needs(*elf);
  if (needs) {
    report.needs = host_needs_record(*needs);
  } else {
    report.errors.push_back(needs.error().message);
  }
}

}  // namespace archfit::scan
