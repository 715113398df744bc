#include "scan/scanner.hpp"

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

namespace archfit::scan {

namespace {

std::string elf_format(std::uint16_t type) {
  switch (type) {
    case binfmt::k_et_rel:
      return "elf-relocatable";
    case binfmt::k_et_exec:
      return "elf-executable";
    case binfmt::k_et_dyn:
      return "elf-shared-object";
    default:
      return fmt::format("elf-type-{}", type);
  }
}


void scan_host_elf(Bytes data, const ScanOptions& options, FileReport& report) {
  auto elf = binfmt::ElfFile::parse(data);
  if (!elf) {
    report.errors.push_back(elf.error().message);
    return;
  }
  report.format = elf_format(elf->header().type);
  for (const auto& section : elf->sections()) {
    if (section.name == ".hip_fatbin") {
      scan_hip_fatbin(*elf, section, options, report);
    } else if (section.name.starts_with(binfmt::k_offload_bundle_magic)) {
      scan_bundle_entry_section(*elf, section, options, report);
    } else if (section.name == ".nv_fatbin" || section.name == "__nv_relfatbin") {
      scan_nv_fatbin_section(*elf, section, options, report);
    } else if (embedded_search_section(section)) {
      scan_embedded_code(*elf, section, options, report);
    }
  }
  auto needs = binfmt::read_host_needs(*elf);
  if (needs) {
    report.needs = host_needs_record(*needs);
  } else {
    report.errors.push_back(needs.error().message);
  }
}

// Scans an ar archive's members in place. Inside a zip, members are named "zip-member(ar-member)".
void scan_archive(const std::string& path, const std::optional<std::string>& parent, Bytes data,
                  const ScanOptions& options, std::vector<FileReport>& out) {
  auto archive = binfmt::read_ar_archive(data);
  for (const auto& member : archive.members) {
    scan_bytes(path, parent ? *parent + "(" + member.name + ")" : member.name, member.data, options, out);
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

}  // namespace

void scan_bytes(const std::string& path, const std::optional<std::string>& member, Bytes data,
                const ScanOptions& options, std::vector<FileReport>& out) {
  // Containers nest once: an ar archive inside a zip is read, an archive inside an archive is not.
  bool top_or_zip_member = !member || member->find('(') == std::string::npos;
  if (top_or_zip_member && (binfmt::is_ar_archive(data) || binfmt::is_thin_ar_archive(data))) {
    scan_archive(path, member, data, options, out);
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

}  // namespace archfit::scan
