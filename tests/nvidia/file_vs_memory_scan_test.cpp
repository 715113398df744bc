// A CUDA library is scanned from a file (mapped; large data sections searched in chunks read with
// pread) or from bytes in memory (a zip member). Both must give the same report, also on
// truncations through the fatbin and on damaged containers.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "scan/parallel_scan.hpp"
#include "scan/scanner.hpp"
#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

std::string describe(const scan::FileReport& report) {
  std::string text = "format " + report.format + "\n";
  for (const auto& bundle : report.bundles) {
    text += bundle.section + " @" + std::to_string(bundle.file_offset) + " " + bundle.format + " " +
            std::to_string(bundle.stored_size) + "\n";
    for (const auto& entry : bundle.entries) {
      text += "  " + entry.id + " @" + std::to_string(entry.offset) + " " + std::to_string(entry.size) + "\n";
    }
  }
  for (const auto& code : report.gpu_code) {
    text += "code " + code.kind + " " + code.target + " " + std::to_string(code.size) + " " +
            (code.file_offset ? std::to_string(*code.file_offset) : "-") + (code.relocatable ? " rdc" : "") + "\n";
  }
  for (const auto& error : report.errors) {
    text += "error " + error + "\n";
  }
  return text;
}

// The scan of `path` as a file and of the same bytes in memory.
void expect_same_both_ways(const fs::path& path, const std::string& what) {
  auto bytes = read_bytes(path);
  scan::ScanOptions options;
  auto from_file = scan::scan_inputs({{path.string(), bytes.size()}}, options, 1, {});
  std::vector<scan::FileReport> in_memory;
  scan::scan_bytes(path.string(), std::nullopt, Bytes(bytes.data(), bytes.size()), options, in_memory);
  ASSERT_EQ(from_file.files.size(), in_memory.size()) << what;
  for (std::size_t i = 0; i < in_memory.size(); ++i) {
    EXPECT_EQ(describe(from_file.files[i]), describe(in_memory[i])) << what;
  }
}

TEST(FileVersusMemoryScan, SameReportOnEveryFixture) {
  for (const std::string name : {"libmulti.so", "libmulti_zstd.so", "libfamily.so", "libfamily_lz4.so",
                                 "libptx_only.so", "kernel_a.fatbin", "rdc_a.o"}) {
    expect_same_both_ways(fixture_dir("nvidia") / name, name);
  }
}

TEST(FileVersusMemoryScan, SameReportOnTruncationsAndDamage) {
  auto original = read_bytes(fixture_dir("nvidia") / "libmulti_zstd.so");
  auto dir = fs::temp_directory_path() / ("archfit-pread-walk-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  auto path = dir / "lib.so";
  auto write = [&](const std::vector<std::uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  };
  // Where the fatbin is: the first container magic (0xBA55ED50, little-endian).
  const std::uint8_t magic[] = {0x50, 0xed, 0x55, 0xba};
  auto at = std::search(original.begin(), original.end(), std::begin(magic), std::end(magic)) - original.begin();
  ASSERT_LT(static_cast<std::size_t>(at), original.size());
  // Truncations through the fatbin (the section table at the end is lost: the file is then
  // scanned as damaged ELF, identically both ways), and damage inside it.
  for (std::size_t cut = static_cast<std::size_t>(at); cut < original.size(); cut += 997) {
    write(std::vector<std::uint8_t>(original.begin(), original.begin() + static_cast<std::ptrdiff_t>(cut)));
    expect_same_both_ways(path, "cut at " + std::to_string(cut));
  }
  for (std::size_t offset = static_cast<std::size_t>(at); offset < static_cast<std::size_t>(at) + 4096 &&
                                                         offset < original.size();
       offset += 13) {
    auto damaged = original;
    damaged[offset] ^= 0xff;
    write(damaged);
    expect_same_both_ways(path, "byte " + std::to_string(offset) + " flipped");
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace archfit::test
