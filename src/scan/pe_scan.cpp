#include "scan/pe_scan.hpp"

#include <fmt/format.h>

#include "binfmt/hip_fatbin.hpp"
#include "scan/amd_offload_scan.hpp"
#include "util/hex.hpp"

namespace archfit::scan {

namespace {

constexpr std::uint64_t k_max_pe_sections = 96;  // the PE loader's own limit

struct PeSection {
  std::string name;
  std::uint64_t raw_offset = 0;
  std::uint64_t raw_size = 0;
};

Result<std::vector<PeSection>> pe_sections(Bytes data) {
  auto pe_at = read_le<std::uint32_t>(data, 0x3c);
  if (!pe_at || !has_magic(data, *pe_at, std::string_view("PE\0\0", 4))) {
    return Error{"PE header: no \"PE\\0\\0\" signature where e_lfanew (offset 0x3c) points"};
  }
  auto count = read_le<std::uint16_t>(data, *pe_at + 6);
  auto optional_size = read_le<std::uint16_t>(data, *pe_at + 20);
  if (!count || !optional_size || *count > k_max_pe_sections) {
    return Error{fmt::format("PE COFF header at {}: truncated or more than {} sections", hex(*pe_at),
                             k_max_pe_sections)};
  }
  std::uint64_t table = std::uint64_t{*pe_at} + 24 + *optional_size;
  std::vector<PeSection> sections;
  for (std::uint64_t i = 0; i < *count; ++i) {
    std::uint64_t at = table + i * 40;
    auto name = slice(data, at, 8);
    auto raw_size = read_le<std::uint32_t>(data, at + 16);
    auto raw_offset = read_le<std::uint32_t>(data, at + 20);
    if (!name || !raw_size || !raw_offset) {
      return Error{fmt::format("PE section header {} at {} runs past the end of the file", i, hex(at))};
    }
    std::string text(as_chars(*name));
    text = text.substr(0, text.find('\0'));
    sections.push_back({text, *raw_offset, *raw_size});
  }
  return sections;
}

}  // namespace

bool is_pe_image(Bytes data) {
  if (!has_magic(data, 0, "MZ")) {
    return false;
  }
  auto pe_at = read_le<std::uint32_t>(data, 0x3c);
  return !pe_at || *pe_at + 4 > data.size() || has_magic(data, *pe_at, std::string_view("PE\0\0", 4));
}

void scan_pe_file(Bytes data, const ScanOptions& options, FileReport& report) {
  report.format = "pe";
  auto sections = pe_sections(data);
  if (!sections) {
    report.errors.push_back(sections.error().message);
    return;
  }
  for (const auto& section : *sections) {
    if (section.name == ".hip_fat") {
      auto bytes = slice(data, section.raw_offset, section.raw_size);
      if (!bytes) {
        report.errors.push_back(fmt::format("PE section .hip_fat ({} bytes at {}) runs past the end of the file",
                                            section.raw_size, hex(section.raw_offset)));
        continue;
      }
      auto walk = binfmt::walk_hip_fatbin(*bytes, options.deep ? binfmt::Decompress::everything
                                                               : binfmt::Decompress::table_only);
      PayloadReader payloads = [data](std::uint64_t offset, std::uint64_t size) {
        return slice(data, offset, size).value_or(Bytes{});
      };
      EntryIdDecoder ids;
      for (const auto& found : walk.bundles) {
        add_found_bundle(found, ".hip_fat", section.raw_offset + found.section_offset, payloads, options, ids, report);
      }
      for (const auto& error : walk.errors) {
        report.errors.push_back(fmt::format(".hip_fat (file offset {}) {}", hex(section.raw_offset), error.message));
      }
    } else if (section.name.starts_with(".nv_fat")) {
      report.warnings.push_back(fmt::format("Windows PE section {} ({} bytes at {}) holds CUDA fatbins, which archfit "
                                            "does not read in PE files (unsupported): its GPU code is not listed",
                                            section.name, section.raw_size, hex(section.raw_offset)));
    }
  }
}

}  // namespace archfit::scan
