#include "scan/embedded_code_scan.hpp"

#include <cstring>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <iterator>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#endif

#include "binfmt/amdgpu_code_object.hpp"
#include "binfmt/compressed_bundle.hpp"
#include "binfmt/cubin.hpp"
#include "binfmt/offload_bundle.hpp"

namespace archfit::scan {

namespace {

constexpr std::string_view k_elf_magic{"\x7f" "ELF", 4};
constexpr std::string_view k_fatbin_magic{"\x50\xed\x55\xba", 4};  // 0xBA55ED50, little-endian
constexpr std::uint64_t k_shf_alloc = 0x2;
constexpr std::uint64_t k_shf_execinstr = 0x4;

// The search is one pass over the bytes that tests 16 start offsets at a time for the first two
// bytes of every magic ("__", "CC", "\x7fE", "\x50\xed") with GCC/Clang vector extensions (SSE2 on x86-64,
// NEON on AArch64), then compares the whole magic at the offsets that pass: a few in every
// kilobyte of text, about one in 20 KB of binary data. Three memmem passes cost 3x the memory
// traffic and, for 4-byte needles, run several times slower than the data can be read.
using Lanes = std::uint8_t __attribute__((vector_size(16)));

Lanes load_lanes(const std::uint8_t* at) {
  Lanes lanes;
  memcpy(&lanes, at, sizeof lanes);
  return lanes;
}

Lanes splat(std::uint8_t byte) {
  Lanes lanes;
  for (int i = 0; i < 16; ++i) {
    lanes[i] = byte;
  }
  return lanes;
}

// The first two bytes of one magic, each repeated in 16 lanes.
struct MagicPrefix {
  std::string_view magic;
  Lanes first;
  Lanes second;
  explicit MagicPrefix(std::string_view m)
      : magic(m), first(splat(static_cast<std::uint8_t>(m[0]))), second(splat(static_cast<std::uint8_t>(m[1]))) {}
  Lanes match(Lanes at0, Lanes at1) const { return static_cast<Lanes>((at0 == first) & (at1 == second)); }
};

bool any_lane(Lanes lanes) {
  std::uint64_t halves[2];
  memcpy(halves, &lanes, sizeof halves);
  return (halves[0] | halves[1]) != 0;
}

bool magic_at(Bytes bytes, std::size_t at, std::string_view magic) {
  return at + magic.size() <= bytes.size() && memcmp(bytes.data() + at, magic.data(), magic.size()) == 0;
}

// Container header: magic, u16 version 1, u16 header size 16.
bool fatbin_header(Bytes bytes, std::size_t at) {
  auto version = read_le<std::uint16_t>(bytes, at + 4);
  auto header_size = read_le<std::uint16_t>(bytes, at + 6);
  return version && header_size && *version == 1 && *header_size == binfmt::k_fatbin_container_header_size;
}

bool gpu_elf_machine(Bytes bytes, std::size_t at) {
  auto machine = read_le<std::uint16_t>(bytes, at + 18);
  return machine && (*machine == binfmt::k_em_amdgpu || *machine == binfmt::k_em_cuda);
}

// max(end of range) helper with checked arithmetic; false on overflow.
bool extend(std::uint64_t& extent, std::uint64_t offset, std::uint64_t count, std::uint64_t entry_size) {
  auto bytes = checked_mul(count, entry_size);
  auto end = bytes ? checked_add(offset, *bytes) : std::nullopt;
  if (!end) {
    return false;
  }
  extent = std::max(extent, *end);
  return true;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// The same first-two-bytes test, 32 start offsets a step, on CPUs with AVX2 (chosen at run time:
// the binaries are built for baseline x86-64). On libcublasLt's 270 MB of data sections the
// search was the largest part of a scan's CPU time (43 % at --jobs 1 after the copy out of the
// page cache). Returns the first step at or after `at` with a candidate and sets `mask` (bit i:
// offset at + i), or, with `mask` 0, where the 32-byte steps end (the caller goes on from there).
static_assert(binfmt::k_offload_bundle_magic.substr(0, 2) == "__" && binfmt::k_ccob_magic.substr(0, 2) == "CC" &&
              k_elf_magic.substr(0, 2) == "\x7f" "E" && k_fatbin_magic.substr(0, 2) == "\x50\xed");
__attribute__((target("avx2"))) std::size_t next_candidates_avx2(const std::uint8_t* data, std::size_t at,
                                                                 std::size_t size, std::size_t starts,
                                                                 std::uint32_t& mask) {
  const __m256i first[4] = {_mm256_set1_epi8('_'), _mm256_set1_epi8('C'), _mm256_set1_epi8(0x7f),
                            _mm256_set1_epi8(0x50)};
  const __m256i second[4] = {_mm256_set1_epi8('_'), _mm256_set1_epi8('C'), _mm256_set1_epi8('E'),
                             _mm256_set1_epi8(static_cast<char>(0xed))};
  // Steps read bytes [at, at + 33): 32 start offsets and the byte after the last.
  for (; at + 33 <= size && at + 32 <= starts; at += 32) {
    __m256i at0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + at));
    __m256i at1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + at + 1));
    __m256i hits = _mm256_and_si256(_mm256_cmpeq_epi8(at0, first[0]), _mm256_cmpeq_epi8(at1, second[0]));
    for (int k = 1; k < 4; ++k) {
      hits = _mm256_or_si256(hits, _mm256_and_si256(_mm256_cmpeq_epi8(at0, first[k]), _mm256_cmpeq_epi8(at1, second[k])));
    }
    auto bits = static_cast<std::uint32_t>(_mm256_movemask_epi8(hits));
    if (bits != 0) {
      mask = bits;
      return at;
    }
  }
  mask = 0;
  return at;
}

// CPUID leaf 7 says AVX2; OSXSAVE and XCR0 say the kernel saves the YMM registers.
bool cpu_has_avx2() {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid(1, &eax, &ebx, &ecx, &edx) == 0 || (ecx & bit_OSXSAVE) == 0) {
    return false;
  }
  std::uint32_t xcr0_low = 0, xcr0_high = 0;
  __asm__("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
  if ((xcr0_low & 0x6) != 0x6) {  // XMM and YMM state
    return false;
  }
  return __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) != 0 && (ebx & bit_AVX2) != 0;
}
#define ARCHFIT_SEARCH_AVX2 1
#endif

}  // namespace

void find_embedded_magics(Bytes bytes, std::uint64_t limit, std::uint64_t base, std::vector<EmbeddedMagic>& out) {
  static const MagicPrefix prefixes[] = {MagicPrefix(binfmt::k_offload_bundle_magic),
                                         MagicPrefix(binfmt::k_ccob_magic), MagicPrefix(k_elf_magic),
                                         MagicPrefix(k_fatbin_magic)};
  constexpr EmbeddedKind kinds[] = {EmbeddedKind::plain_bundle, EmbeddedKind::compressed_bundle,
                                    EmbeddedKind::elf_image, EmbeddedKind::cuda_fatbin};
  const std::uint8_t* data = bytes.data();
  std::size_t starts = static_cast<std::size_t>(std::min<std::uint64_t>(limit, bytes.size()));
  auto test = [&](std::size_t at) {
    for (std::size_t k = 0; k < std::size(prefixes); ++k) {
      if (magic_at(bytes, at, prefixes[k].magic) &&
          (kinds[k] != EmbeddedKind::elf_image || gpu_elf_machine(bytes, at)) &&
          (kinds[k] != EmbeddedKind::cuda_fatbin || fatbin_header(bytes, at))) {
        out.push_back({base + at, kinds[k]});
      }
    }
  };
  std::size_t at = 0;
#ifdef ARCHFIT_SEARCH_AVX2
  static const bool avx2 = cpu_has_avx2();
  if (avx2) {
    for (;;) {
      std::uint32_t mask = 0;
      at = next_candidates_avx2(data, at, bytes.size(), starts, mask);
      if (mask == 0) {
        break;
      }
      for (; mask != 0; mask &= mask - 1) {
        test(at + static_cast<std::size_t>(__builtin_ctz(mask)));
      }
      at += 32;
    }
  }
#endif
  // Vector steps read bytes [at, at + 17): 16 start offsets and the byte after the last.
  for (; at + 17 <= bytes.size() && at + 16 <= starts; at += 16) {
    Lanes at0 = load_lanes(data + at);
    Lanes at1 = load_lanes(data + at + 1);
    Lanes hits = prefixes[0].match(at0, at1) | prefixes[1].match(at0, at1) | prefixes[2].match(at0, at1) |
                 prefixes[3].match(at0, at1);
    if (!any_lane(hits)) {
      continue;
    }
    for (std::size_t i = 0; i < 16; ++i) {
      if (hits[i] != 0) {
        test(at + i);
      }
    }
  }
  for (; at < starts; ++at) {
    test(at);
  }
}

// ELF64 header: e_phoff at 32, e_shoff at 40, e_phentsize 54, e_phnum 56, e_shentsize 58, e_shnum
// 60. Section header: sh_type at 4, sh_offset at 24, sh_size at 32. Program header: p_offset at 8,
// p_filesz at 32.
std::optional<std::uint64_t> embedded_elf_extent(Bytes prefix) {
  auto header = binfmt::parse_elf_header(prefix);
  if (!header || !header->is_64bit || header->section_header_entry_size != 64 ||
      (header->program_header_count != 0 && header->program_header_entry_size != 56)) {
    return std::nullopt;
  }
  std::uint64_t extent = 64;
  if (!extend(extent, header->section_header_offset, header->section_count, 64) ||
      !extend(extent, header->program_header_offset, header->program_header_count, 56)) {
    return std::nullopt;
  }
  for (std::uint64_t i = 0; i < header->section_count; ++i) {
    std::uint64_t at = header->section_header_offset + i * 64;
    auto type = read_le<std::uint32_t>(prefix, at + 4);
    auto offset = read_le<std::uint64_t>(prefix, at + 24);
    auto size = read_le<std::uint64_t>(prefix, at + 32);
    if (!type || !offset || !size) {
      break;  // the table is not in `prefix` yet
    }
    if (*type != binfmt::k_sht_nobits && *type != 0 && !extend(extent, *offset, *size, 1)) {
      return std::nullopt;
    }
  }
  for (std::uint64_t i = 0; i < header->program_header_count; ++i) {
    std::uint64_t at = header->program_header_offset + i * 56;
    auto offset = read_le<std::uint64_t>(prefix, at + 8);
    auto size = read_le<std::uint64_t>(prefix, at + 32);
    if (!offset || !size) {
      break;
    }
    if (!extend(extent, *offset, *size, 1)) {
      return std::nullopt;
    }
  }
  return extent;
}

std::optional<GpuCode> embedded_elf_code(Bytes image) {
  auto extent = embedded_elf_extent(image);
  if (!extent || *extent > image.size() || !binfmt::ElfFile::parse(image)) {
    return std::nullopt;
  }
  if (binfmt::is_amdgpu_code_object(image)) {
    auto decoded = binfmt::decode_amdgpu_code_object(image);
    if (!decoded) {
      return std::nullopt;
    }
    return whole_file_code(model::Vendor::amd, "code-object", decoded->target_id(), image.size(), decoded->code_object_version,
                           decoded->generic_version);
  }
  if (binfmt::is_cubin(image)) {
    auto cubin = binfmt::decode_cubin(image);
    if (!cubin) {
      return std::nullopt;
    }
    return whole_file_code(model::Vendor::nvidia, "cubin", cubin->target(), image.size(), cubin->abi_version, 0);
  }
  return std::nullopt;
}

// Data sections only: linkers put embedded blobs (incbin, C arrays, hipModuleLoadData images) in
// .rodata/.data-like sections, never in machine code or unwind tables, and skipping those (10 of the
// 14 MB searched in librocsparse) keeps the search from dominating a scan. Nor in the sections whose
// layout the ELF format defines (symbols, strings, relocations, hashes: 0.39 of librocsparse's
// remaining 2.1 MB).
bool embedded_search_section(const binfmt::ElfSection& section) {
  return (section.flags & k_shf_alloc) != 0 && (section.flags & k_shf_execinstr) == 0 &&
         !section.name.starts_with(".eh_frame") && section.name != ".gcc_except_table" &&
         section.type != binfmt::k_sht_nobits && section.type != 0 &&
         !binfmt::section_type_has_defined_layout(section.type) &&
         section.size != 0 && section.name != ".hip_fatbin" && section.name != ".nv_fatbin" &&
         section.name != "__nv_relfatbin" && !section.name.starts_with(binfmt::k_offload_bundle_magic);
}

bool valid_embedded_fatbin(const binfmt::FatbinContainer& container, std::uint64_t file_offset,
                           std::uint64_t file_end, bool errors, std::uint64_t section_end) {
  return file_offset % binfmt::k_fatbin_alignment == 0 && !errors && !container.incomplete &&
         container.version == 1 && container.header_size == binfmt::k_fatbin_container_header_size &&
         !container.entries.empty() && file_end <= section_end;
}

void add_embedded(const EmbeddedFound& found, std::string_view section_name, const PayloadReader& payloads,
                  const EntryContentsReader& fatbin_contents, const ScanOptions& options, FileReport& report) {
  if (found.fatbin) {
    add_fatbin_container(*found.fatbin, section_name, 0, fatbin_contents, options, report);
  } else if (found.bundle) {
    add_found_bundle(*found.bundle, section_name, found.offset, payloads, options, report);
  } else if (found.code) {
    GpuCode code = *found.code;
    code.file_offset = found.offset;
    code.section = std::string(section_name);
    report.gpu_code.push_back(std::move(code));
  }
}

namespace {

// Validates the item a magic at `at` (section-relative) announces, over the rest of the section.
std::optional<EmbeddedFound> resolve_in_memory(Bytes section, std::uint64_t at, EmbeddedKind kind,
                                               std::uint64_t section_file_offset, const ScanOptions& options) {
  Bytes rest = section.subspan(static_cast<std::size_t>(at));
  EmbeddedFound found;
  found.offset = section_file_offset + at;
  if (kind == EmbeddedKind::plain_bundle) {
    auto parsed = binfmt::parse_offload_bundle(rest);
    if (!parsed || parsed->entries.empty() || parsed->end > rest.size()) {
      return std::nullopt;
    }
    binfmt::FoundBundle bundle;
    bundle.section_offset = at;
    bundle.bundle = std::move(parsed).value();
    bundle.stored_size = bundle.bundle.end;
    found.size = bundle.stored_size;
    found.bundle = std::move(bundle);
    return found;
  }
  if (kind == EmbeddedKind::compressed_bundle) {
    auto parsed = binfmt::parse_compressed_bundle(
        rest, options.deep ? binfmt::Decompress::everything : binfmt::Decompress::table_only, options.budget.get());
    if (!parsed || parsed->inner.entries.empty() || parsed->stored_size > rest.size()) {
      return std::nullopt;
    }
    found.bundle = binfmt::found_compressed_bundle(std::move(parsed).value(), at);
    found.size = found.bundle->stored_size;
    return found;
  }
  if (kind == EmbeddedKind::cuda_fatbin) {
    std::vector<Error> errors;
    auto container = binfmt::parse_fatbin_container(rest, 0, errors);
    if (!valid_embedded_fatbin(container, found.offset, found.offset + container.end, !errors.empty(),
                               section_file_offset + section.size())) {
      return std::nullopt;
    }
    // Offsets become file offsets, as the streaming scan has them.
    found.size = container.end;
    container.offset += found.offset;
    container.end += found.offset;
    for (auto& entry : container.entries) {
      entry.offset += found.offset;
    }
    found.fatbin = std::move(container);
    return found;
  }
  auto extent = embedded_elf_extent(rest);
  if (!extent || *extent > rest.size()) {
    return std::nullopt;
  }
  found.code = embedded_elf_code(rest.first(static_cast<std::size_t>(*extent)));
  if (!found.code) {
    return std::nullopt;
  }
  found.size = *extent;
  return found;
}

}  // namespace

// Each section is searched a chunk at a time, each chunk extended by the longest probe so that a
// magic across a boundary is found once, by the chunk it starts in. When the section is part of a
// file mapping (ScanOptions::mapping), each chunk is a copy read with pread: reading 270 MB of data
// sections (libcublasLt's .rodata, .cask_resource, .ldata) through the mapping costs a page fault
// per page plus the unmapping after. Sections under 8 MiB are searched in the mapping by
// scan_embedded_code: the kernel maps a file's cached pages 16 at a time on a fault, which costs
// less than copying them out (librocsparse's 1.6 MB .rodata: about 1 ms less CPU time per scan on
// the 2-core VM).
struct EmbeddedSearch::State {
  static constexpr std::size_t k_chunk = std::size_t{1} << 20;
  static constexpr std::size_t k_overlap = k_embedded_probe_bytes;
  static constexpr std::size_t k_per_thread = std::size_t{16} << 20;  // below this, a thread costs more than it saves
  static constexpr std::size_t k_map_below = std::size_t{8} << 20;

  struct Slot {
    const binfmt::ElfSection* section = nullptr;
    Bytes data;
    std::size_t first_chunk = 0;
    std::size_t chunk_count = 0;
    std::atomic<std::size_t> remaining{0};
    std::atomic<bool> failed{false};
  };
  struct Chunk {
    std::size_t slot = 0;
    std::size_t start = 0;  // section-relative
  };

  const MappedFile* mapping = nullptr;
  std::unique_ptr<Slot[]> slots;
  std::size_t slot_count = 0;
  std::vector<Chunk> chunks;                        // in section order
  std::vector<std::vector<EmbeddedMagic>> results;  // one per chunk
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::condition_variable section_done;
  std::vector<std::thread> workers;
  std::vector<std::uint8_t> caller_buffer;

  // Takes the next chunk and searches it; false when none is left.
  bool run_one(std::vector<std::uint8_t>& buffer) {
    std::size_t index = next.fetch_add(1);
    if (index >= chunks.size()) {
      return false;
    }
    const Chunk& chunk = chunks[index];
    Slot& slot = slots[chunk.slot];
    if (!stop.load(std::memory_order_relaxed) && !slot.failed.load(std::memory_order_relaxed)) {
      try {
        std::size_t size = std::min(k_chunk + k_overlap, slot.data.size() - chunk.start);
        Bytes window = slot.data.subspan(chunk.start, size);
        bool read = true;
        if (mapping != nullptr) {
          buffer.resize(size);
          read = mapping->read_copy(window.data(), size, buffer.data());
          window = Bytes(buffer.data(), size);
        }
        if (read) {
          find_embedded_magics(window, std::min(k_chunk, size), chunk.start, results[index]);
        } else {
          slot.failed = true;  // the caller searches the mapping itself
        }
      } catch (const std::bad_alloc&) {
        slot.failed = true;
      }
    }
    if (slot.remaining.fetch_sub(1) == 1) {
      { std::lock_guard<std::mutex> lock(mutex); }  // a waiter is either before its check or asleep
      section_done.notify_all();
    }
    return true;
  }
};

EmbeddedSearch::EmbeddedSearch(const binfmt::ElfFile& elf, const ScanOptions& options)
    : m_state(std::make_unique<State>()) {
  State& state = *m_state;
  state.mapping = options.mapping;
  std::vector<std::pair<const binfmt::ElfSection*, Bytes>> covered;
  std::uint64_t total = 0;
  for (const auto& section : elf.sections()) {
    if (!embedded_search_section(section)) {
      continue;
    }
    auto data = elf.section_data(section);
    if (data && data->size() > State::k_map_below) {
      covered.emplace_back(&section, *data);
      total += data->size();
    }
  }
  if (covered.empty()) {
    return;
  }
  state.slot_count = covered.size();
  state.slots = std::make_unique<State::Slot[]>(covered.size());
  for (std::size_t i = 0; i < covered.size(); ++i) {
    State::Slot& slot = state.slots[i];
    slot.section = covered[i].first;
    slot.data = covered[i].second;
    slot.first_chunk = state.chunks.size();
    for (std::size_t start = 0; start < slot.data.size(); start += State::k_chunk) {
      state.chunks.push_back({i, start});
    }
    slot.chunk_count = state.chunks.size() - slot.first_chunk;
    slot.remaining = slot.chunk_count;
  }
  state.results.resize(state.chunks.size());
  unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
  unsigned jobs = options.jobs != 0 ? options.jobs : std::min(hardware, 8u);
  auto threads = static_cast<std::size_t>(
      std::min<std::uint64_t>(jobs, (total + State::k_per_thread - 1) / State::k_per_thread));
  if (threads < 2) {
    return;  // one thread: the caller searches each section when it asks for its hits
  }
  try {
    for (std::size_t t = 0; t < threads; ++t) {
      state.workers.emplace_back([&state] {
        std::vector<std::uint8_t> buffer;
        while (!state.stop.load(std::memory_order_relaxed) && state.run_one(buffer)) {
        }
      });
    }
  } catch (const std::system_error&) {
    // fewer workers than asked, or none: the caller searches what they leave
  }
}

EmbeddedSearch::~EmbeddedSearch() {
  m_state->stop = true;
  for (auto& worker : m_state->workers) {
    worker.join();
  }
}

bool EmbeddedSearch::magics(const binfmt::ElfSection& section, std::vector<EmbeddedMagic>& out) {
  State& state = *m_state;
  State::Slot* slot = nullptr;
  for (std::size_t i = 0; i < state.slot_count && slot == nullptr; ++i) {
    if (state.slots[i].section == &section) {
      slot = &state.slots[i];
    }
  }
  if (slot == nullptr) {
    return false;
  }
  // Chunks are taken in section order, so helping soon reaches this section's last ones.
  while (slot->remaining.load() != 0 && state.run_one(state.caller_buffer)) {
  }
  {
    std::unique_lock<std::mutex> lock(state.mutex);
    state.section_done.wait(lock, [slot] { return slot->remaining.load() == 0; });
  }
  if (slot->failed.load()) {
    return false;
  }
  for (std::size_t c = slot->first_chunk; c < slot->first_chunk + slot->chunk_count; ++c) {
    out.insert(out.end(), state.results[c].begin(), state.results[c].end());
    std::vector<EmbeddedMagic>().swap(state.results[c]);
  }
  return true;
}

void scan_embedded_code(const binfmt::ElfFile& elf, const binfmt::ElfSection& section, const ScanOptions& options,
                        FileReport& report, EmbeddedSearch* search) {
  auto data = elf.section_data(section);
  if (!data) {
    return;  // the section table is checked elsewhere; nothing to search
  }
  std::vector<EmbeddedMagic> magics;
  bool searched = search != nullptr && search->magics(section, magics);
  if (!searched) {
    magics.clear();
    find_embedded_magics(*data, data->size(), 0, magics);
  }
  Bytes file = elf.bytes();
  PayloadReader payloads = [file](std::uint64_t offset, std::uint64_t size) {
    return slice(file, offset, size).value_or(Bytes{});
  };
  // --deep: an embedded fatbin's entries (their offsets are file offsets) read from the file.
  EntryContentsReader fatbin_contents = fatbin_contents_reader(file, options);
  std::uint64_t next_allowed = 0;
  for (const auto& magic : magics) {
    if (magic.offset < next_allowed) {
      continue;
    }
    auto found = resolve_in_memory(*data, magic.offset, magic.kind, section.offset, options);
    if (found) {
      add_embedded(*found, section.name, payloads, fatbin_contents, options, report);
      next_allowed = magic.offset + std::max<std::uint64_t>(found->size, 1);
    }
  }
}

}  // namespace archfit::scan
