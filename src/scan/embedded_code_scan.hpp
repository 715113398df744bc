// GPU code embedded outside the sections toolchains name for it. Programs that load kernels
// themselves (hipModuleLoadData, cuModuleLoadData) keep code objects, cubins and offload bundles
// as plain data, usually in .rodata (an `incbin`, `ld -r -b binary`, or a C array made by xxd).
// They are found by a magic search at every byte offset of every allocated section except the
// named containers (.hip_fatbin, .nv_fatbin, __nv_relfatbin, __CLANG_OFFLOAD_BUNDLE__*), then
// validated:
//   - a plain bundle ("__CLANG_OFFLOAD_BUNDLE__") must parse, its entries inside the section;
//   - a CCOB must parse and its table decompress;
//   - an ELF image ("\x7fELF") must be 64-bit little-endian with e_machine AMDGPU (224) or CUDA
//     (190), its header, program and section tables and every section inside the section that
//     holds it, and must decode as a code object or cubin.
//   - a CUDA fatbin container (0xBA55ED50, version 1, 16-byte header) must sit at an 8-aligned file
//     offset, parse without error, hold at least one entry and end inside the section (cuFFT keeps
//     its kernels so, in .ldata; cuBLASLt, cuDNN and cuSPARSELt in .cask_resource).
// Anything that fails validation is a chance match (these magics occur in strings and compressed
// data) and is dropped without a message. The search runs left to right and resumes after each
// valid item, so code inside an embedded bundle is not counted twice.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "binfmt/elf_file.hpp"
#include "binfmt/hip_fatbin.hpp"
#include "binfmt/cuda_fatbin.hpp"
#include "scan/amd_offload_scan.hpp"
#include "scan/nvidia_fatbin_scan.hpp"
#include "scan/scan_report.hpp"
#include "scan/scanner.hpp"

namespace archfit::scan {

enum class EmbeddedKind { plain_bundle, compressed_bundle, elf_image, cuda_fatbin };

struct EmbeddedMagic {
  std::uint64_t offset = 0;
  EmbeddedKind kind = EmbeddedKind::plain_bundle;
};

// Longest prefix the search needs to judge a hit: an ELF header (64 bytes).
inline constexpr std::uint64_t k_embedded_probe_bytes = 64;

// Appends the magics that start in bytes[0, limit) (offsets + `base`). ELF magics are kept only
// when e_machine (inside `bytes`) is AMDGPU or CUDA; fatbin magics only when the header's version
// is 1 and its header size 16 (the caller checks the 8-byte file alignment).
void find_embedded_magics(Bytes bytes, std::uint64_t limit, std::uint64_t base, std::vector<EmbeddedMagic>& out);

// Bytes an ELF image spans, from its header and (when `prefix` holds them) its program and section
// tables; nullopt when the header is not a 64-bit little-endian ELF header.
std::optional<std::uint64_t> embedded_elf_extent(Bytes prefix);

// The GPU code record of a whole embedded ELF image (file_offset and section left for the caller),
// or nullopt when it is not a valid AMDGPU code object or cubin.
std::optional<GpuCode> embedded_elf_code(Bytes image);

// One valid item found by the search.
struct EmbeddedFound {
  std::uint64_t offset = 0;  // file offset
  std::uint64_t size = 0;    // bytes it occupies
  std::optional<binfmt::FoundBundle> bundle;
  std::optional<GpuCode> code;  // an ELF image
  std::optional<binfmt::FatbinContainer> fatbin;  // a CUDA fatbin container, offsets in the file
};

// Whether a fatbin container parsed at an embedded magic is one: 8-aligned in the file, version 1,
// a 16-byte header, at least one entry, no error, inside `section_end` (all offsets in the file).
bool valid_embedded_fatbin(const binfmt::FatbinContainer& container, std::uint64_t file_offset,
                           std::uint64_t file_end, bool errors, std::uint64_t section_end);

// Whether the embedded search covers `section`: allocated, with file bytes, not a named container.
bool embedded_search_section(const binfmt::ElfSection& section);

// Adds what was found to the report, `section_name` naming where (bundles: a BundleRecord whose
// section is that name; images: a GpuCode with `section` set).
// `fatbin_contents` reads a fatbin entry's payload for --deep (entry offsets as in `found.fatbin`).
void add_embedded(const EmbeddedFound& found, std::string_view section_name, const PayloadReader& payloads,
                  const EntryContentsReader& fatbin_contents, const ScanOptions& options, FileReport& report);

// The magic search of a host ELF file's large data sections (over 8 MiB), started on worker
// threads before the sections are read in order, so that the serial work of the scan (the
// .nv_fatbin walk, the sections before) runs while they search. libcublasLt has four such
// sections (.rodata, .cask_resource, .lrodata, .ldata: 270 MB); searched one after the other, each
// with its own threads, the small ones left cores idle and the walk waited for all of them.
// The work is one list of 1 MiB chunks in section order, read with pread (ScanOptions::mapping)
// and taken by min(jobs, total / 16 MiB) workers (jobs: ScanOptions::jobs, 0 = one per core, at
// most 8); with one, the search runs on the calling thread when a section's hits are asked for.
// A thread that waits for a section's hits searches that section's remaining chunks itself.
class EmbeddedSearch {
 public:
  EmbeddedSearch(const binfmt::ElfFile& elf, const ScanOptions& options);
  ~EmbeddedSearch();  // stops the workers (chunks not started are dropped) and joins them
  EmbeddedSearch(const EmbeddedSearch&) = delete;
  EmbeddedSearch& operator=(const EmbeddedSearch&) = delete;

  // Appends the magics of `section` (an element of elf.sections()), in order, once its chunks are
  // searched. False when this search does not cover it (a small section) or a read failed: the
  // caller searches the bytes itself.
  bool magics(const binfmt::ElfSection& section, std::vector<EmbeddedMagic>& out);

 private:
  struct State;
  std::unique_ptr<State> m_state;
};

// The search of one section of a host ELF file and the validation of what it finds. `search`, when
// given, holds the section's hits (or says it does not; then the section is searched here).
void scan_embedded_code(const binfmt::ElfFile& elf, const binfmt::ElfSection& section, const ScanOptions& options,
                        FileReport& report, EmbeddedSearch* search = nullptr);

}  // namespace archfit::scan
