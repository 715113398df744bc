// Fatbin containers back to back, read while streaming (a zip member being inflated): whichever
// byte a piece of the stream ends at, the streamed scan must equal the scan of the whole file,
// with and without --deep. The libraries are nvcc's (six translation units, one container each;
// plain and -Xfatbin -compress-all); cuobjdump_oracle_test.cpp checks the whole-file scan of the
// same files against cuobjdump, and wheel_scan_test.cpp the wheel that holds them.
//
// The old defect: --deep read each header exactly as it arrived, and an entry header is read in two
// steps (its 64-byte fixed part, then the size that part gives). When a piece ended inside the
// fixed part, the second read started at bytes already passed and the container was lost.
#include <gtest/gtest.h>

#include <string>

#include "scan/elf_stream_scan.hpp"
#include "scan/scanner.hpp"
#include "support/test_support.hpp"

namespace archfit::test {
namespace {

std::string describe(const scan::FileReport& report) {
  std::string text = "format " + report.format + "\n";
  for (const auto& code : report.gpu_code) {
    text += "code " + code.kind + " " + code.target + " " + std::to_string(code.size) + " " +
            (code.file_offset ? std::to_string(*code.file_offset) : "-") + (code.relocatable ? " rdc" : "");
    if (code.check) {
      text += " elf=" + code.check->elf_target + " error=" + code.check->error.value_or("-");
      for (const auto& mismatch : code.check->mismatches) {
        text += " mismatch=" + mismatch;
      }
    }
    text += "\n";
  }
  for (const auto& error : report.errors) {
    text += "error " + error + "\n";
  }
  return text;
}

// Streams `bytes` with the first piece ending at `cut` (the scanner holds back the last
// k_embedded_probe_bytes of what it is fed, so it is fed 64 bytes more).
scan::FileReport stream_cut_at(Bytes bytes, std::uint64_t cut, const scan::ScanOptions& options) {
  scan::ElfStreamScanner scanner(bytes.size(), options);
  std::uint64_t first = std::min<std::uint64_t>(cut + 64, bytes.size());
  scanner.feed(bytes.first(first));
  scanner.feed(bytes.subspan(first));
  while (scanner.wants_second_pass()) {
    scanner.feed_second(bytes);
  }
  scan::FileReport report;
  scanner.finish(report);
  return report;
}

// 8-aligned offsets holding the container magic 0xBA55ED50 (the test's own search).
std::vector<std::uint64_t> container_magics(Bytes bytes) {
  std::vector<std::uint64_t> found;
  for (std::uint64_t at = 0; at + 4 <= bytes.size(); at += 8) {
    if (bytes[at] == 0x50 && bytes[at + 1] == 0xed && bytes[at + 2] == 0x55 && bytes[at + 3] == 0xba) {
      found.push_back(at);
    }
  }
  return found;
}

class ChainedFatbinStream : public ::testing::TestWithParam<std::string> {};

TEST_P(ChainedFatbinStream, EveryCutThroughTheHeadersEqualsTheWholeFileScan) {
  auto bytes_vector = read_bytes(fixture_dir("nvidia") / GetParam());
  Bytes bytes(bytes_vector.data(), bytes_vector.size());
  auto containers = container_magics(bytes);
  ASSERT_GE(containers.size(), 6u) << "nvcc wrote one container per translation unit";
  for (bool deep : {false, true}) {
    scan::ScanOptions options;
    options.deep = deep;
    std::vector<scan::FileReport> whole;
    scan::scan_bytes(GetParam(), std::nullopt, bytes, options, whole);
    ASSERT_EQ(whole.size(), 1u);
    ASSERT_TRUE(whole[0].errors.empty()) << describe(whole[0]);
    ASSERT_GE(whole[0].gpu_code.size(), 18u) << "6 containers of sm_80, sm_90a and compute_90";
    std::string expected = describe(whole[0]);
    // Cuts through each container's header and the entry headers after it (odd steps, so every
    // residue modulo 8 is hit), and through the magic itself.
    for (std::uint64_t container : containers) {
      for (std::uint64_t delta = 1; delta < 1200; delta += 13) {
        std::uint64_t cut = container + delta;
        if (cut >= bytes.size()) {
          break;
        }
        EXPECT_EQ(describe(stream_cut_at(bytes, cut, options)), expected)
            << GetParam() << (deep ? " --deep" : "") << ", piece ends at " << cut << " (container at " << container
            << ")";
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Nvcc, ChainedFatbinStream, ::testing::Values("libchain.so", "libchain_zstd.so"),
                         [](const auto& param_info) {
                           std::string name = param_info.param;
                           for (char& c : name) {
                             c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace archfit::test
