#include "scan/scanner.hpp"

#include <new>

#include <fmt/format.h>

#include "binfmt/amdgpu_code_object.hpp"
#include "binfmt/ar_archive.hpp"
#include "binfmt/compressed_bundle.hpp"
#include "binfmt/cubin.hpp"
#include "binfmt/cuda_fatbin.hpp"
#include "binfmt/elf_file.hpp"
#include "binfmt/elf_host_needs.hpp"
#include "binfmt/offload_bundle.hpp"
#include "binfmt/zip_archive.hpp"
#include "scan/amd_offload_scan.hpp"
#include "scan/embedded_code_scan.hpp"
#include "scan/pe_scan.hpp"
#include "scan/host_needs_record.hpp"
#include "scan/zip_scan.hpp"
#include "scan/nvidia_fatbin_scan.hpp"
#include "util/enum_names.hpp"
#include "util/hex.hpp"

namespace archfit::scan {

namespace {

// An ELF file's e_type as scan's `format` spells it; another type is "elf-type-N".
constexpr EnumNames<std::uint16_t, 3> k_elf_formats = {{
    {binfmt::k_et_rel, "elf-relocatable"},
    {binfmt::k_et_exec, "elf-executable"},
    {binfmt::k_et_dyn, "elf-shared-object"},
}};

std::string elf_format(std::uint16_t type) {
  std::string_view name = enum_name(k_elf_formats, type, "");
  return name.empty() ? fmt::format("elf-type-{}", type) : std::string(name);
}


// GPU code sections already read, by file range: a hostile ELF can point a hundred section headers
// at one bundle, and each would be decoded again. The same bytes are decoded once.
struct ReadRanges {
  struct Range {
    std::uint64_t start;
    std::uint64_t end;
    std::string name;
  };
  std::vector<Range> ranges;

  // The earlier section that `section` overlaps, or nullptr (then it is recorded).
  const Range* overlap(const binfmt::ElfSection& section) {
    std::uint64_t start = section.offset;
    std::uint64_t end = checked_add(section.offset, section.size).value_or(UINT64_MAX);
    for (const auto& range : ranges) {
      if (start < range.end && range.start < end) {
        return &range;
      }
    }
    ranges.push_back({start, end, std::string(section.name)});
    return nullptr;
  }
};

bool is_gpu_section(std::string_view name) {
  return name == ".hip_fatbin" || name.starts_with(binfmt::k_offload_bundle_magic) || name == ".nv_fatbin" ||
         name == "__nv_relfatbin";
}

void scan_host_elf(Bytes data, const ScanOptions& options, FileReport& report) {
  auto elf = binfmt::ElfFile::parse(data);
  if (!elf) {
    report.format = "unknown";  // ELF's magic, but which kind of ELF file is not known: the header is bad
    report.errors.push_back(elf.error().message);
    return;
  }
  report.format = elf_format(elf->header().type);
  // The large data sections are searched on worker threads from here on, while the loop below
  // walks the sections in order (the .nv_fatbin walk runs during the search).
  EmbeddedSearch search(*elf, options);
  ReadRanges read;
  for (const auto& section : elf->sections()) {
    if (is_gpu_section(section.name) && section.size != 0) {
      if (const auto* earlier = read.overlap(section)) {
        report.errors.push_back(fmt::format("section '{}' at file offset {} ({} bytes) overlaps section '{}' at {}: "
                                            "the same bytes are read once",
                                            section.name, hex(section.offset), section.size, earlier->name,
                                            hex(earlier->start)));
        continue;
      }
    }
    if (section.name == ".hip_fatbin") {
      scan_hip_fatbin(*elf, section, options, report);
    } else if (section.name.starts_with(binfmt::k_offload_bundle_magic)) {
      scan_bundle_entry_section(*elf, section, options, report);
    } else if (section.name == ".nv_fatbin" || section.name == "__nv_relfatbin") {
      scan_nv_fatbin_section(*elf, section, options, report);
    } else if (embedded_search_section(section)) {
      scan_embedded_code(*elf, section, options, report, &search);
    }
  }
  auto needs = binfmt::read_host_needs(*elf);
  if (needs) {
    report.needs = host_needs_record(*needs);
  } else {
    report.errors.push_back(needs.error().message);
  }
}

void scan_contents(const std::string& path, const std::optional<std::string>& member, Bytes data,
                   const ScanOptions& options, bool inside_ar, std::vector<FileReport>& out);

// Scans an ar archive's members in place. Inside a zip, members are named "zip-member(ar-member)".
void scan_archive(const std::string& path, const std::optional<std::string>& parent, Bytes data,
                  const ScanOptions& options, std::vector<FileReport>& out) {
  auto archive = binfmt::read_ar_archive(data);
  for (const auto& member : archive.members) {
    scan_contents(path, parent ? *parent + "(" + member.name + ")" : member.name, member.data, options, true, out);
  }
  if (archive.error || archive.members.empty()) {
    FileReport report;
    report.path = path;
    report.member = parent;
    report.format = "ar-archive";
    if (archive.error) {
      report.errors.push_back(archive.error->message);
    }
    out.push_back(std::move(report));
  }
}

// A report of a file that was not read, with the one error that says why.
FileReport error_report(const std::string& path, const std::optional<std::string>& member, std::string format,
                        std::string error) {
  FileReport report;
  report.path = path;
  report.member = member;
  report.format = std::move(format);
  report.errors.push_back(std::move(error));
  return report;
}

// Scans one file or member. Containers nest once: an ar archive at the top or inside a zip is
// read, an ar archive inside an ar archive is named and not read.
void scan_contents(const std::string& path, const std::optional<std::string>& member, Bytes data,
                   const ScanOptions& options, bool inside_ar, std::vector<FileReport>& out) {
  bool is_ar = binfmt::is_ar_archive(data) || binfmt::is_thin_ar_archive(data);
  if (is_ar && !inside_ar) {
    scan_archive(path, member, data, options, out);
    return;
  }
  if (is_ar) {
    out.push_back(error_report(path, member, "ar-archive",
                               "an ar archive inside an ar archive: archfit reads one level of ar archives, so its "
                               "members were not scanned; extract it and scan it on its own"));
    return;
  }
  if (!member && binfmt::is_zip(data)) {
    scan_zip(path, data, options, out);
    return;
  }
  FileReport report;
  report.path = path;
  report.member = member;
  if (binfmt::is_amdgpu_code_object(data)) {
    report.format = "amdgpu-code-object";
    scan_code_object_file(data, report);
  } else if (binfmt::is_cubin(data)) {
    report.format = "cuda-cubin";
    scan_cubin_file(data, report);
  } else if (binfmt::is_cuda_fatbin(data)) {
    report.format = "cuda-fatbin";
    scan_fatbin_file(data, options, report);
  } else if (binfmt::is_elf(data)) {
    scan_host_elf(data, options, report);
  } else if (has_magic(data, 0, binfmt::k_offload_bundle_magic) || has_magic(data, 0, binfmt::k_ccob_magic)) {
    report.format = "offload-bundle";
    scan_bundle_file(data, options, report);
  } else if (is_pe_image(data)) {
    scan_pe_file(data, options, report);
  } else {
    report.format = "unknown";
    report.errors.push_back("unrecognised format: not an ELF file, ar or zip archive, offload bundle, CUDA fatbin or code object");
  }
  out.push_back(std::move(report));
}

void cap_list(std::vector<std::string>& messages, std::string_view what) {
  if (messages.size() > k_max_errors_per_file) {
    std::size_t more = messages.size() - k_max_errors_per_file;
    messages.resize(k_max_errors_per_file);
    messages.push_back(fmt::format("... and {} more {} in this file (only the first {} are listed)", more, what,
                                   k_max_errors_per_file));
  }
}

}  // namespace

FileReport out_of_memory_report(const std::string& path, const std::optional<std::string>& member) {
  return error_report(path, member, "unknown",
                      "out of memory while scanning this file: its structures claim more memory than is "
                      "available; it was not read to the end");
}

void cap_messages(std::vector<FileReport>& reports, std::size_t first) {
  for (std::size_t i = first; i < reports.size(); ++i) {
    cap_list(reports[i].errors, "errors");
    cap_list(reports[i].warnings, "warnings");
  }
}

void scan_bytes(const std::string& path, const std::optional<std::string>& member, Bytes data,
                const ScanOptions& options, std::vector<FileReport>& out) {
  if (!options.budget) {
    ScanOptions budgeted = options;
    budgeted.budget = DecompressionBudget::for_input(data.size());
    scan_bytes(path, member, data, budgeted, out);
    return;
  }
  std::size_t first = out.size();
  try {
    scan_contents(path, member, data, options, false, out);
  } catch (const std::bad_alloc&) {
    out.push_back(out_of_memory_report(path, member));
  }
  if (!member) {
    cap_messages(out, first);  // once, for the input and all its members
  }
}

}  // namespace archfit::scan
