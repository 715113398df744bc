// Truncation robustness: every fixture, cut at every byte (or a dense sample for big files), is
// scanned with --deep off and on. The scan must return, and what it reports must either carry an
// error or agree with the full file: a prefix never holds more GPU code than the whole, and code
// reported without an error must also be reported for the whole file. Where a cut removes (part of)
// a host ELF's section header table, the file gets exactly one error and it names an offset.
// Under the ASan build (preset "asan") these cuts are also a memory-safety test.
#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "binfmt/amdgpu_code_object.hpp"
#include "binfmt/ar_archive.hpp"
#include "binfmt/elf_file.hpp"
#include "binfmt/hip_fatbin.hpp"
#include "scan/scanner.hpp"
#include "support/test_support.hpp"
#include "util/bytes.hpp"
#include "util/mapped_file.hpp"

namespace {

namespace fs = std::filesystem;
using archfit::Bytes;
using archfit::scan::FileReport;

constexpr std::uint64_t k_every_byte_limit = 256 * 1024;
constexpr std::uint64_t k_dense_edge = 8 * 1024;
constexpr std::uint64_t k_dense_spaced = 4000;

std::vector<FileReport> scan(Bytes data, bool deep) {
  std::vector<FileReport> out;
  archfit::scan::ScanOptions options;
  options.deep = deep;
  archfit::scan::scan_bytes("cut", std::nullopt, data, options, out);
  return out;
}

// What identifies one piece of GPU code across scans of a file and of its prefixes. Code at file
// offset 0 is a bare code object or cubin whose size is the file size, so it is left out there.
using GpuKey = std::tuple<std::string, std::string, std::string, std::uint64_t>;

std::map<GpuKey, int> gpu_keys(const std::vector<FileReport>& reports, bool only_clean) {
  std::map<GpuKey, int> keys;
  for (const auto& report : reports) {
    if (only_clean && !report.errors.empty()) {
      continue;
    }
    for (const auto& code : report.gpu_code) {
      bool bare = code.file_offset == std::uint64_t{0};
      ++keys[{report.member.value_or(""), code.entry_id, code.target, bare ? 0 : code.size}];
    }
  }
  return keys;
}

std::size_t gpu_count(const std::vector<FileReport>& reports) {
  std::size_t count = 0;
  for (const auto& report : reports) {
    count += report.gpu_code.size();
  }
  return count;
}

bool names_offset(const std::string& message) { return message.find("0x") != std::string::npos; }

// Every byte for small files; for big ones the first and last 8 KiB plus ~4000 evenly spaced cuts.
std::vector<std::uint64_t> cut_points(std::uint64_t size) {
  std::vector<std::uint64_t> cuts;
  if (size <= k_every_byte_limit) {
    for (std::uint64_t cut = 0; cut < size; ++cut) {
      cuts.push_back(cut);
    }
    return cuts;
  }
  for (std::uint64_t i = 0; i < k_dense_edge; ++i) {
    cuts.push_back(i);
    cuts.push_back(size - 1 - i);
  }
  for (std::uint64_t i = 0; i < k_dense_spaced; ++i) {
    cuts.push_back(size * i / k_dense_spaced);
  }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  return cuts;
}

// How a fixture is expected to fail when cut, from its full bytes.
struct Shape {
  enum Kind { host_elf, code_object, archive, other } kind = other;
  std::uint64_t table_end = 0;              // host ELF: end of the section header table
  std::set<std::uint64_t> member_bounds;    // archive: cuts that leave a complete, shorter archive
};

std::set<std::uint64_t> archive_bounds(Bytes data) {
  std::set<std::uint64_t> bounds{8};
  std::uint64_t offset = 8;
  while (offset + 60 <= data.size()) {
    auto field = archfit::as_chars(data.subspan(offset + 48, 10));
    std::uint64_t size = std::stoull(std::string(field));
    offset += 60 + size;
    bounds.insert(offset);
    offset += size % 2;
    bounds.insert(offset);
  }
  return bounds;
}

Shape shape_of(Bytes data) {
  Shape shape;
  if (archfit::binfmt::is_ar_archive(data)) {
    shape.kind = Shape::archive;
    shape.member_bounds = archive_bounds(data);
  } else if (archfit::binfmt::is_amdgpu_code_object(data)) {
    shape.kind = Shape::code_object;
  } else if (auto header = archfit::binfmt::parse_elf_header(data); header && header->section_header_offset != 0) {
    shape.kind = Shape::host_elf;
    shape.table_end = header->section_header_offset +
                      std::uint64_t{header->section_count} * header->section_header_entry_size;
  }
  return shape;
}

std::string all_errors(const std::vector<FileReport>& reports) {
  std::string text;
  for (const auto& report : reports) {
    for (const auto& error : report.errors) {
      text += fmt::format("\n  [{}] {}", report.display_name(), error);
    }
  }
  return text;
}

// The errors a cut must produce, given the file's shape.
testing::AssertionResult check_errors(const Shape& shape, std::uint64_t cut, const std::vector<FileReport>& reports) {
  auto one_error_with_offset = [&](const FileReport& report) {
    if (report.errors.size() == 1 && names_offset(report.errors[0])) {
      return testing::AssertionSuccess();
    }
    return testing::AssertionFailure() << "expected one error naming an offset, got:" << all_errors(reports);
  };
  bool header_cut = cut >= 4 && cut < 64;  // ELF magic kept, header incomplete
  if (shape.kind == Shape::host_elf && cut >= 4 && cut < shape.table_end) {
    return reports.size() == 1 ? one_error_with_offset(reports[0])
                               : testing::AssertionFailure() << reports.size() << " reports";
  }
  if (shape.kind == Shape::code_object) {
    // Only the ELF header of a bare code object is read: cuts after it are not detected.
    return header_cut ? one_error_with_offset(reports.at(0)) : testing::AssertionSuccess();
  }
  if (shape.kind == Shape::archive && cut >= 8 && !shape.member_bounds.contains(cut)) {
    return one_error_with_offset(reports.back());  // the archive's own report comes last
  }
  return testing::AssertionSuccess();
}

struct Baseline {
  std::size_t count = 0;
  std::map<GpuKey, int> keys;
};

testing::AssertionResult check_cut(Bytes full, const Shape& shape, const Baseline& baseline, std::uint64_t cut,
                                   bool deep) {
  auto reports = scan(full.first(cut), deep);
  if (reports.empty()) {
    return testing::AssertionFailure() << "no report";
  }
  if (gpu_count(reports) > baseline.count) {
    return testing::AssertionFailure() << gpu_count(reports) << " gpu_code entries, the full file has "
                                       << baseline.count;
  }
  for (const auto& [key, count] : gpu_keys(reports, true)) {
    auto found = baseline.keys.find(key);
    if (found == baseline.keys.end() || found->second < count) {
      return testing::AssertionFailure() << "error-free report has GPU code '" << std::get<1>(key) << "' target '"
                                         << std::get<2>(key) << "' that the full file does not";
    }
  }
  return check_errors(shape, cut, reports);
}

// Scans every cut of `full` with deep off and on; stops at the first failure of each mode.
void truncate_everywhere(const std::string& name, Bytes full) {
  Shape shape = shape_of(full);
  for (bool deep : {false, true}) {
    auto reports = scan(full, deep);
    Baseline baseline{gpu_count(reports), gpu_keys(reports, false)};
    for (std::uint64_t cut : cut_points(full.size())) {
      auto result = check_cut(full, shape, baseline, cut, deep);
      if (!result) {
        ADD_FAILURE() << name << " cut at " << cut << " of " << full.size() << " (deep=" << deep << "): "
                      << result.message();
        break;
      }
    }
  }
}

bool looks_scannable(Bytes data) {
  return archfit::binfmt::is_elf(data) || archfit::binfmt::is_ar_archive(data) ||
         archfit::has_magic(data, 0, archfit::binfmt::k_offload_bundle_magic) ||
         archfit::has_magic(data, 0, archfit::binfmt::k_ccob_magic) ||
         archfit::has_magic(data, 0, "\x50\xed\x55\xba");  // CUDA fatbin
}

void truncate_file(const fs::path& path) {
  auto mapped = archfit::MappedFile::open(path.string());
  ASSERT_TRUE(mapped) << mapped.error().message;
  if (looks_scannable(mapped->bytes())) {
    truncate_everywhere(path.string(), mapped->bytes());
  }
}

std::vector<fs::path> files_in(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.is_regular_file()) {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(Truncation, AmdFixtures) {
  fs::path dir = archfit::test::fixture_dir("amd");
  ASSERT_TRUE(fs::is_directory(dir / "code_objects"));
  auto files = files_in(dir);
  auto code_objects = files_in(dir / "code_objects");
  files.insert(files.end(), code_objects.begin(), code_objects.end());
  ASSERT_GE(files.size(), 20u);
  for (const auto& path : files) {
    truncate_file(path);
  }
}

TEST(Truncation, NvidiaFixturesWhenPresent) {
  fs::path dir = fs::path(ARCHFIT_FIXTURE_ROOT) / "nvidia";
  if (!fs::exists(dir)) {
    GTEST_SKIP() << dir << " not built";
  }
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    auto relative = fs::relative(entry.path(), dir).string();
    if (entry.is_regular_file() && !relative.starts_with("oracle") && !relative.starts_with("work")) {
      truncate_file(entry.path());
    }
  }
}

// --- librocsparse: 1.3 GB, mapped read-only; only sampled cuts, and only spans of the map ----------

constexpr const char* k_rocsparse = "/usr/lib/x86_64-linux-gnu/librocsparse.so.0.1";

// Cuts of the whole file: everything before the section header table at its end.
std::vector<std::uint64_t> whole_file_cuts(Bytes file, std::uint64_t table_offset) {
  std::vector<std::uint64_t> cuts{4, 16, 20, 63, 64, 65, table_offset - 1, table_offset, table_offset + 1,
                                  table_offset + 64, file.size() - 1};
  for (std::uint64_t i = 0; i < 140; ++i) {
    cuts.push_back(file.size() * i / 140);
  }
  return cuts;
}

// Cuts of the .hip_fatbin section: around and inside the headers and entry tables of some bundles.
std::vector<std::uint64_t> bundle_cuts(const archfit::binfmt::FatbinWalk& walk) {
  std::vector<std::uint64_t> cuts;
  for (std::size_t i = 0; i < walk.bundles.size(); i += std::max<std::size_t>(1, walk.bundles.size() / 10)) {
    const auto& found = walk.bundles[i];
    std::uint64_t base = found.section_offset;
    for (std::uint64_t delta : {0, 1, 23, 24, 25, 31, 32, 33, 40, 56, 57}) {
      cuts.push_back(base + delta);
    }
    std::uint64_t position = 32;
    for (const auto& entry : found.bundle.entries) {
      position += 24 + entry.id.size();
      cuts.insert(cuts.end(), {base + position - 1, base + position, base + entry.offset + entry.size - 1});
    }
    cuts.push_back(base + found.stored_size);
  }
  return cuts;
}

// A section prefix ending inside bundle `i` (past its magic) must report exactly one error,
// naming that bundle's section offset.
testing::AssertionResult check_bundle_cut(const archfit::binfmt::FatbinWalk& walk, std::uint64_t cut,
                                          const std::vector<FileReport>& reports) {
  for (const auto& found : walk.bundles) {
    if (cut >= found.section_offset + 24 && cut < found.section_offset + found.stored_size) {
      std::string offset = fmt::format("+{:#x}", found.section_offset);
      if (reports.size() == 1 && reports[0].errors.size() == 1 &&
          reports[0].errors[0].find(offset) != std::string::npos) {
        return testing::AssertionSuccess();
      }
      return testing::AssertionFailure() << "expected one error naming " << offset << ", got:"
                                         << all_errors(reports);
    }
  }
  return testing::AssertionSuccess();
}

TEST(Truncation, RocsparseSampled) {
  if (!fs::exists(k_rocsparse)) {
    GTEST_SKIP() << k_rocsparse << " not installed";
  }
  auto mapped = archfit::MappedFile::open(k_rocsparse);
  ASSERT_TRUE(mapped) << mapped.error().message;
  Bytes file = mapped->bytes();
  auto elf = archfit::binfmt::ElfFile::parse(file);
  ASSERT_TRUE(elf) << elf.error().message;
  const auto* fatbin = elf->find_section(".hip_fatbin");
  ASSERT_NE(fatbin, nullptr);
  auto section = elf->section_data(*fatbin);
  ASSERT_TRUE(section);
  Shape shape = shape_of(file);
  ASSERT_EQ(shape.kind, Shape::host_elf);
  for (std::uint64_t cut : whole_file_cuts(file, elf->header().section_header_offset)) {
    auto reports = scan(file.first(cut), false);
    ASSERT_TRUE(check_errors(shape, cut, reports)) << "cut at " << cut;
  }
  auto walk = archfit::binfmt::walk_hip_fatbin(*section, archfit::binfmt::Decompress::table_only);
  ASSERT_GT(walk.bundles.size(), 10u);
  for (bool deep : {false, true}) {
    auto full = scan(*section, deep);
    Baseline baseline{gpu_count(full), gpu_keys(full, false)};
    for (std::uint64_t cut : bundle_cuts(walk)) {
      Shape bundle_shape;
      ASSERT_TRUE(check_cut(*section, bundle_shape, baseline, cut, deep)) << "section cut at " << cut;
      ASSERT_TRUE(check_bundle_cut(walk, cut, scan(section->first(cut), deep))) << "section cut at " << cut;
    }
  }
}

}  // namespace
