#include "scan/nvidia_fatbin_scan.hpp"

#include <charconv>

#include <fmt/format.h>

#include "binfmt/cubin.hpp"
#include "binfmt/cuda_fatbin.hpp"
#include "util/enum_names.hpp"
#include "util/hex.hpp"
#include "util/mapped_file.hpp"

namespace archfit::scan {

namespace {

using binfmt::FatbinCompression;
using binfmt::FatbinEntry;

// nvcc -rdc puts each object's device code in this section; the host linker concatenates them
// into a linked file, where the runtime never loads them (it registers `.nv_fatbin`, which holds
// the device-linked result). cuobjdump lists them only with -all.
constexpr std::string_view k_relocatable_section = "__nv_relfatbin";

// Decompressed entries larger than this are refused (the biggest real cubins are tens of MiB).
constexpr std::uint64_t k_max_entry_size = std::uint64_t{1} << 30;
// What --deep keeps of an entry: a whole cubin (its `.nv.compat` section can be anywhere) up to the
// size of the largest real ones, or the start of a PTX text, whose `.version`/`.target` lines
// follow a few comment lines. The rest is decoded and checked, not kept, so a bomb costs time
// (within the budget), not memory.
constexpr std::uint64_t k_deep_cubin_keep = std::uint64_t{64} << 20;
constexpr std::uint64_t k_deep_ptx_keep = 64 * 1024;

// A fatbin entry's kind as scan's `kind` spells it; a kind number of neither is "unknown".
constexpr EnumNames<std::uint16_t, 2> k_kind_names = {{
    {binfmt::k_fatbin_kind_elf, "cubin"},
    {binfmt::k_fatbin_kind_ptx, "ptx"},
}};

std::string kind_name(const FatbinEntry& entry) { return std::string(enum_name(k_kind_names, entry.kind)); }

void append_number(std::string& out, std::uint64_t value, int base = 10) {
  char digits[24];
  auto end = std::to_chars(digits, digits + sizeof digits, value, base).ptr;
  out.append(digits, end);
}

// The entry's header facts in one line: "elf sm_90a arch=90 flags=0x100011 code_version=1.8".
// Built by hand, not with fmt::format (a scan of libcublasLt describes 6,120 entries).
std::string describe(const FatbinEntry& entry) {
  std::string line;
  line.reserve(64 + entry.identifier.size());
  if (entry.kind == binfmt::k_fatbin_kind_elf) {
    line += "elf";
  } else if (entry.kind == binfmt::k_fatbin_kind_ptx) {
    line += "ptx";
  } else {
    line += "kind";
    append_number(line, entry.kind);
  }
  line += ' ';
  line += entry.target_name();
  line += " arch=";
  append_number(line, entry.arch);
  line += " flags=0x";  // as hex(): "{:#x}"
  append_number(line, entry.flags, 16);
  line += entry.kind == binfmt::k_fatbin_kind_ptx ? " ptx_isa=" : " code_version=";
  append_number(line, entry.version_major);
  line += '.';
  append_number(line, entry.version_minor);
  if (!entry.identifier.empty()) {
    line += " identifier=";
    line += entry.identifier;
  }
  return line;
}

CodeObjectCheck check_cubin(const FatbinEntry& entry, Bytes contents) {
  CodeObjectCheck check;
  auto cubin = binfmt::decode_cubin(contents);
  if (!cubin) {
    check.error = cubin.error().message;
    return check;
  }
  check.elf_target = cubin->target();
  check.code_object_version = cubin->abi_version;
  if (cubin->sm != entry.arch) {
    check.mismatches.push_back(fmt::format("fatbin entry says arch {}, cubin e_flags say {}", entry.arch,
                                           check.elf_target));
  }
  bool entry_a = entry.variant() == "a";
  if (cubin->arch_specific != entry_a) {
    check.mismatches.push_back(fmt::format("fatbin entry is {}, cubin is {}", entry.target_name(),
                                           check.elf_target));
  }
  if (entry.version_minor != cubin->abi_version) {
    check.mismatches.push_back(fmt::format("fatbin code version {}.{} disagrees with cubin EI_ABIVERSION {}",
                                           entry.version_major, entry.version_minor, cubin->abi_version));
  }
  return check;
}

CodeObjectCheck check_ptx(const FatbinEntry& entry, Bytes contents) {
  CodeObjectCheck check;
  auto header = binfmt::parse_ptx_header(as_chars(contents));
  if (header.target.empty() || header.version.empty()) {
    check.error = "no .version or .target directive in the PTX text";
    return check;
  }
  std::string_view target = header.target;
  check.elf_target = fmt::format("compute_{}", target.starts_with("sm_") ? target.substr(3) : target);
  if (check.elf_target != entry.target_name()) {
    check.mismatches.push_back(fmt::format("fatbin entry is {}, PTX says .target {}", entry.target_name(),
                                           header.target));
  }
  std::string isa = fmt::format("{}.{}", entry.version_major, entry.version_minor);
  if (header.version != isa) {
    check.mismatches.push_back(fmt::format("fatbin entry says PTX ISA {}, PTX says .version {}", isa,
                                           header.version));
  }
  return check;
}

// A payload that cannot be decompressed (corrupt data, a wrong size, a spent budget) is a defect of
// the input, so besides the entry's check it is an error of the file.
std::optional<CodeObjectCheck> deep_check(const EntryContentsReader& reader, const FatbinEntry& entry,
                                          std::string_view section_name, std::uint64_t region_file_offset,
                                          FileReport& report) {
  if (entry.kind != binfmt::k_fatbin_kind_elf && entry.kind != binfmt::k_fatbin_kind_ptx) {
    return std::nullopt;
  }
  auto contents = reader(entry);
  if (!contents) {
    CodeObjectCheck failed;
    failed.error = contents.error().message;
    // (A streamed zip member's entry too large to capture was not read at all: not a defect.)
    if (contents.error().message.find("too large to check") == std::string::npos) {
      report.errors.push_back(fmt::format("{} (file offset {}) {}", section_name, hex(region_file_offset),
                                          contents.error().message));
    }
    return failed;
  }
  Bytes bytes(contents->data(), contents->size());
  return entry.kind == binfmt::k_fatbin_kind_elf ? check_cubin(entry, bytes) : check_ptx(entry, bytes);
}

GpuCode to_gpu_code(const FatbinEntry& entry, std::string entry_id, std::uint64_t region_file_offset,
                    int bundle_index) {
  GpuCode code;
  code.vendor = model::Vendor::nvidia;
  code.kind = kind_name(entry);
  code.target = entry.target_name();
  code.entry_id = std::move(entry_id);
  code.compressed = entry.compression != FatbinCompression::none;
  code.compression = std::string(binfmt::fatbin_compression_name(entry.compression));
  code.size = code.compressed ? entry.uncompressed_size : entry.payload_size;
  code.bundle = bundle_index;
  if (!code.compressed) {
    code.file_offset = region_file_offset + entry.payload_offset();
  }
  return code;
}

}  // namespace

EntryContentsReader fatbin_contents_reader(Bytes region, const ScanOptions& options) {
  return [region, &options](const FatbinEntry& entry) {
    std::uint64_t keep = entry.kind == binfmt::k_fatbin_kind_ptx ? k_deep_ptx_keep : k_deep_cubin_keep;
    return binfmt::fatbin_entry_contents(region, entry, k_max_entry_size, options.budget.get(), keep);
  };
}

void add_fatbin_container(const binfmt::FatbinContainer& container, std::string_view section_name,
                          std::uint64_t region_file_offset, const EntryContentsReader& contents,
                          const ScanOptions& options, FileReport& report) {
  BundleRecord record;
  record.section = std::string(section_name);
  record.file_offset = region_file_offset + container.offset;
  record.format = "cuda-fatbin";
  record.stored_size = container.end - container.offset;
  record.uncompressed_size = container.header_size;
  int bundle_index = static_cast<int>(report.bundles.size());
  record.entries.reserve(container.entries.size());
  for (const auto& entry : container.entries) {
    std::uint64_t entry_size = entry.header_size + entry.payload_size;
    std::string id = describe(entry);
    record.entries.push_back({id, region_file_offset + entry.offset, entry_size});
    GpuCode code = to_gpu_code(entry, std::move(id), region_file_offset, bundle_index);
    code.relocatable = section_name == k_relocatable_section;
    record.uncompressed_size += entry.header_size + code.size;
    if (options.deep) {
      code.check = deep_check(contents, entry, section_name, region_file_offset, report);
    }
    report.gpu_code.push_back(std::move(code));
  }
  report.bundles.push_back(std::move(record));
}

namespace {

void walk_and_add(Bytes region, std::string_view section_name, std::uint64_t region_file_offset,
                  const ScanOptions& options, FileReport& report) {
  PageReleaser releaser(options.release_mapped_pages);
  std::function<void(Bytes)> release;
  if (options.release_mapped_pages) {
    release = [&releaser](Bytes bytes) { releaser.add(bytes); };
  }
  // Headers are read through the mapping. Reading them with pread instead was measured on the
  // H200 (bench/device/page_floor.c, libcublasLt's 5,737 entry headers): 2.0 ms against 0.54 ms.
  auto walk = binfmt::walk_cuda_fatbin(region, release);
  releaser.flush();
  EntryContentsReader contents = fatbin_contents_reader(region, options);
  std::size_t entries = 0;  // room for every record at once (libcublasLt: 5,737 in 444 containers)
  for (const auto& container : walk.containers) {
    entries += container.entries.size();
  }
  report.gpu_code.reserve(report.gpu_code.size() + entries);
  report.bundles.reserve(report.bundles.size() + walk.containers.size());
  for (const auto& container : walk.containers) {
    add_fatbin_container(container, section_name, region_file_offset, contents, options, report);
    if (release && options.deep) {
      release(region.subspan(container.offset, container.end - container.offset));
    }
  }
  for (const auto& error : walk.errors) {
    report.errors.push_back(fmt::format("{} (file offset {}) {}", section_name, hex(region_file_offset),
                                        error.message));
  }
}

}  // namespace

void scan_nv_fatbin_section(const binfmt::ElfFile& elf, const binfmt::ElfSection& section,
                            const ScanOptions& options, FileReport& report) {
  auto data = elf.section_data(section);
  if (!data) {
    report.errors.push_back(data.error().message);
    return;
  }
  walk_and_add(*data, section.name, section.offset, options, report);
}

void scan_fatbin_file(Bytes data, const ScanOptions& options, FileReport& report) {
  walk_and_add(data, "fatbin", 0, options, report);
}

void scan_cubin_file(Bytes data, FileReport& report) {
  auto cubin = binfmt::decode_cubin(data);
  if (!cubin) {
    report.errors.push_back(cubin.error().message);
    return;
  }
  report.gpu_code.push_back(whole_file_code(model::Vendor::nvidia, "cubin", cubin->target(), data.size(), cubin->abi_version, 0));
}

}  // namespace archfit::scan
