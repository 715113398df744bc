// The embedded-code search over a large data section runs in 1 MiB chunks (read with pread from a
// file, split across threads above 16 MiB). Code objects planted across every kind of boundary
// must each be found exactly once, the same way from the file, from memory with threads, and from
// memory in one pass. The section is added to a real host library with objcopy; the code object is
// the clang-built bare_gfx90a.co fixture.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "scan/parallel_scan.hpp"
#include "scan/scanner.hpp"
#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

std::set<std::uint64_t> embedded_offsets(const scan::FileReport& report) {
  std::set<std::uint64_t> offsets;
  for (const auto& code : report.gpu_code) {
    if (code.section == ".rodata.blob" && code.file_offset) {
      offsets.insert(*code.file_offset);
    }
  }
  return offsets;
}

TEST(EmbeddedSearchChunks, CodeObjectsAcrossChunkAndThreadBoundariesAreFoundOnceEveryWay) {
  auto code_object = read_bytes(fixture_dir("amd") / "bare_gfx90a.co");
  ASSERT_GT(code_object.size(), 1000u);
  ASSERT_LT(code_object.size(), 1u << 19);
  constexpr std::uint64_t k_mib = 1 << 20;
  // Starts just before, at and after chunk (1 MiB) and thread-share (16 MiB) boundaries.
  // (Each is far enough from the next for the code object to fit: it is a few KB.)
  const std::vector<std::uint64_t> planted = {0,           k_mib - 10,  2 * k_mib, 3 * k_mib - 1,
                                              16 * k_mib - 30, 20 * k_mib, 33 * k_mib - 7};
  std::vector<std::uint8_t> blob(40 * k_mib, 0);
  for (auto at : planted) {
    std::copy(code_object.begin(), code_object.end(), blob.begin() + static_cast<std::ptrdiff_t>(at));
  }
  auto dir = fs::temp_directory_path() / ("archfit-embedded-chunks-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  {
    std::ofstream out(dir / "blob.bin", std::ios::binary);
    out.write(reinterpret_cast<const char*>(blob.data()), static_cast<std::streamsize>(blob.size()));
  }
  fs::path library = dir / "libblob.so";
  auto result = run_command({"/usr/bin/objcopy", "--add-section", ".rodata.blob=" + (dir / "blob.bin").string(),
                             "--set-section-flags", ".rodata.blob=alloc,load,readonly,data",
                             (fixture_dir("amd") / "libhost_needs.so").string(), library.string()});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  // Where objcopy put the section: the oracle for file offsets is readelf.
  auto sections = run_command({"/usr/bin/readelf", "-SW", library.string()});
  std::uint64_t section_offset = 0;
  for (const auto& line : lines(sections.out)) {
    auto at = line.find(".rodata.blob");
    if (at != std::string::npos) {
      std::istringstream fields(line.substr(at));
      std::string name, type, address, offset;
      fields >> name >> type >> address >> offset;
      section_offset = std::stoull(offset, nullptr, 16);
    }
  }
  ASSERT_NE(section_offset, 0u) << sections.out;
  std::set<std::uint64_t> expected;
  for (auto at : planted) {
    expected.insert(section_offset + at);
  }
  auto bytes = read_bytes(library);
  scan::ScanOptions threads;
  threads.jobs = 4;
  auto from_file = scan::scan_inputs({{library.string(), bytes.size()}}, threads, 1, {});
  ASSERT_EQ(from_file.files.size(), 1u);
  EXPECT_EQ(embedded_offsets(from_file.files[0]), expected);
  std::vector<scan::FileReport> in_memory_threads;
  scan::scan_bytes(library.string(), std::nullopt, Bytes(bytes.data(), bytes.size()), threads, in_memory_threads);
  ASSERT_EQ(in_memory_threads.size(), 1u);
  EXPECT_EQ(embedded_offsets(in_memory_threads[0]), expected);
  scan::ScanOptions one;
  one.jobs = 1;
  std::vector<scan::FileReport> one_pass;
  scan::scan_bytes(library.string(), std::nullopt, Bytes(bytes.data(), bytes.size()), one, one_pass);
  ASSERT_EQ(one_pass.size(), 1u);
  EXPECT_EQ(embedded_offsets(one_pass[0]), expected);
  EXPECT_EQ(from_file.files[0].gpu_code.size(), one_pass[0].gpu_code.size());
  fs::remove_all(dir);
}

}  // namespace
}  // namespace archfit::test
