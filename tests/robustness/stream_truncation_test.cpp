// Truncated input on the zip paths: zips cut at every sampled byte, and ELF files whose stream
// ends early (a zip member shorter than its central directory says) fed to the streaming scanner.
// Each must end in a clear error, never a crash, and never report GPU code the full file lacks.
#include <gtest/gtest.h>

#include <filesystem>

#include "scan/elf_stream_scan.hpp"
#include "scan/zip_scan.hpp"
#include "support/test_support.hpp"
#include "util/mapped_file.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::uint64_t> sampled_cuts(std::uint64_t size) {
  std::vector<std::uint64_t> cuts;
  std::uint64_t step = std::max<std::uint64_t>(1, size / 3000);
  for (std::uint64_t cut = 0; cut < size; cut += step) {
    cuts.push_back(cut);
  }
  for (std::uint64_t cut = size > 512 ? size - 512 : 0; cut < size; ++cut) {
    cuts.push_back(cut);
  }
  return cuts;
}

TEST(StreamTruncation, ZipsCutAnywhereGiveOneErrorNamingTheRecord) {
  scan::ScanOptions options;
  options.zip_buffer_limit = 0;  // stream every shared library
  options.jobs = 1;
  for (const char* fixture : {"amd", "nvidia"}) {
    auto path = fs::path(ARCHFIT_FIXTURE_ROOT) / fixture / "zip" / (std::string(fixture) + "_fixtures.whl");
    if (!fs::exists(path)) {
      continue;
    }
    auto mapped = MappedFile::open(path.string());
    ASSERT_TRUE(mapped);
    Bytes full = mapped->bytes();
    for (std::uint64_t cut : sampled_cuts(full.size())) {
      std::vector<scan::FileReport> reports;
      scan::scan_zip(path.string(), full.first(cut), options, reports);
      ASSERT_EQ(reports.size(), 1u) << path << " cut at " << cut;
      ASSERT_EQ(reports[0].errors.size(), 1u) << path << " cut at " << cut;
      EXPECT_NE(reports[0].errors[0].find("end of central directory"), std::string::npos) << reports[0].errors[0];
    }
  }
}

// A stream that stops early: every sampled length of a real shared library, with the scanner told
// the full size (as a zip member's header would).
TEST(StreamTruncation, StreamsEndingEarlyFinishWithAnError) {
  for (const auto& [fixture, file] : {std::pair{"amd", "hip15_two_bundles.so"}, std::pair{"amd", "hip19_ccob.so"},
                                     std::pair{"nvidia", "libmulti.so"}}) {
    auto path = fs::path(ARCHFIT_FIXTURE_ROOT) / fixture / file;
    if (!fs::exists(path)) {
      continue;
    }
    auto mapped = MappedFile::open(path.string());
    ASSERT_TRUE(mapped);
    Bytes full = mapped->bytes();
    for (bool deep : {false, true}) {
      scan::ScanOptions options;
      options.deep = deep;
      scan::FileReport whole;
      {
        scan::ElfStreamScanner scanner(full.size(), options);
        scanner.feed(full);
        if (scanner.wants_second_pass()) {
          scanner.feed_second(full);
        }
        scanner.finish(whole);
      }
      ASSERT_TRUE(whole.errors.empty()) << path;
      for (std::uint64_t cut : sampled_cuts(full.size())) {
        scan::ElfStreamScanner scanner(full.size(), options);
        for (std::uint64_t at = 0; at < cut; at += 4093) {
          scanner.feed(full.subspan(at, std::min<std::uint64_t>(4093, cut - at)));
        }
        scan::FileReport report;
        scanner.finish(report);
        EXPECT_FALSE(report.errors.empty()) << path << " stream cut at " << cut;
        EXPECT_LE(report.gpu_code.size(), whole.gpu_code.size()) << path << " cut at " << cut;
      }
    }
  }
}

}  // namespace
}  // namespace archfit::test
