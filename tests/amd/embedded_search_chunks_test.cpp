// The embedded-code search over large data sections runs in 1 MiB chunks (read with pread from a
// file, taken by one pool of worker threads per file, one per 16 MiB). Code objects planted across every kind of boundary
// must each be found exactly once, the same way from the file, from memory with threads, and from
// memory in one pass. The section is added to a real host library with objcopy; the code object is
// the clang-built bare_gfx90a.co fixture.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

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

// Two large data sections (20 and 12 MiB) searched by one pool of workers that starts before the
// sections are walked (scan/embedded_code_scan.hpp EmbeddedSearch): each section's code objects
// are reported under that section, in section order, the same from the file with 4 workers, from
// memory with 4 workers and from memory on one thread. File offsets from readelf.
TEST(EmbeddedSearchChunks, TwoLargeSectionsShareOnePoolAndKeepTheirOrder) {
  auto code_object = read_bytes(fixture_dir("amd") / "bare_gfx90a.co");
  ASSERT_GT(code_object.size(), 1000u);
  constexpr std::uint64_t k_mib = 1 << 20;
  const std::map<std::string, std::pair<std::uint64_t, std::vector<std::uint64_t>>> blobs = {
      {".rodata.first", {20 * k_mib, {5, k_mib - 3, 17 * k_mib + 1}}},
      {".rodata.second", {12 * k_mib, {0, 9 * k_mib - 2}}}};
  auto dir = fs::temp_directory_path() / ("archfit-embedded-pool-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::vector<std::string> objcopy = {"/usr/bin/objcopy"};
  for (const auto& [name, blob_spec] : blobs) {
    std::vector<std::uint8_t> blob(blob_spec.first, 0);
    for (auto at : blob_spec.second) {
      std::copy(code_object.begin(), code_object.end(), blob.begin() + static_cast<std::ptrdiff_t>(at));
    }
    fs::path file = dir / (name.substr(1) + ".bin");
    std::ofstream out(file, std::ios::binary);
    out.write(reinterpret_cast<const char*>(blob.data()), static_cast<std::streamsize>(blob.size()));
    objcopy.insert(objcopy.end(), {"--add-section", name + "=" + file.string(), "--set-section-flags",
                                   name + "=alloc,load,readonly,data"});
  }
  fs::path library = dir / "libblobs.so";
  objcopy.insert(objcopy.end(), {(fixture_dir("amd") / "libhost_needs.so").string(), library.string()});
  auto result = run_command(objcopy);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  auto sections = run_command({"/usr/bin/readelf", "-SW", library.string()});
  // Expected (section, file offset) pairs in file order: sections in section-table order.
  std::vector<std::pair<std::string, std::uint64_t>> expected;
  for (const auto& line : lines(sections.out)) {
    for (const auto& [name, blob_spec] : blobs) {
      auto at = line.find(name + " ");
      if (at != std::string::npos) {
        std::istringstream fields(line.substr(at));
        std::string section_name, type, address, offset;
        fields >> section_name >> type >> address >> offset;
        for (auto planted : blob_spec.second) {
          expected.emplace_back(name, std::stoull(offset, nullptr, 16) + planted);
        }
      }
    }
  }
  ASSERT_EQ(expected.size(), 5u) << sections.out;
  auto found = [](const scan::FileReport& report) {
    std::vector<std::pair<std::string, std::uint64_t>> out;
    for (const auto& code : report.gpu_code) {
      if (code.section.starts_with(".rodata.") && code.file_offset) {
        out.emplace_back(code.section, *code.file_offset);
      }
    }
    return out;
  };
  auto bytes = read_bytes(library);
  scan::ScanOptions four;
  four.jobs = 4;
  auto from_file = scan::scan_inputs({{library.string(), bytes.size()}}, four, 1, {});
  ASSERT_EQ(from_file.files.size(), 1u);
  EXPECT_EQ(found(from_file.files[0]), expected);
  for (unsigned jobs : {4u, 1u}) {
    scan::ScanOptions options;
    options.jobs = jobs;
    std::vector<scan::FileReport> in_memory;
    scan::scan_bytes(library.string(), std::nullopt, Bytes(bytes.data(), bytes.size()), options, in_memory);
    ASSERT_EQ(in_memory.size(), 1u);
    EXPECT_EQ(found(in_memory[0]), expected) << "jobs " << jobs;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace archfit::test
