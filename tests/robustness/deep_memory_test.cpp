// Issue 12 item 4: `--deep` memory must not grow with the total decompressed size. The campaign
// saw 2.47 GB RSS on a library of 45 CCOB v3 bundles holding 2.44 GB. This test builds a file of
// that shape at test time from a real clang-19 bundle (fixture a19_plain.hipfb, whose entries
// clang-offload-bundler lists in oracle/a19.bundler.txt): each real code object is padded with
// zeros to 18 MiB, the bundle is compressed into a CCOB v3 (zstd) and 45 copies fill the
// .hip_fatbin section of an ELF file. A child scans it with --deep and a budget large enough for
// all of it; its peak RSS, from wait4, must stay under 256 MB, and every code object must still be
// checked against its entry ID.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "binfmt/offload_bundle.hpp"
#include "robustness/hostile_support.hpp"
#include "scan/scanner.hpp"
#include "support/test_support.hpp"
#include "util/decompression_budget.hpp"
#include "util/mapped_file.hpp"

namespace {

namespace fs = std::filesystem;
using namespace archfit::test::hostile;

constexpr std::uint64_t k_entry_size = std::uint64_t{18} << 20;
constexpr int k_bundles = 45;

TEST(DeepMemory, FortyFiveLargeCcobBundlesAreCheckedInBoundedMemory) {
  fs::path fixture = archfit::test::fixture_dir("amd") / "a19_plain.hipfb";
  auto real = archfit::test::read_bytes(fixture);
  ASSERT_FALSE(real.empty()) << fixture;
  auto parsed = archfit::binfmt::parse_offload_bundle(archfit::Bytes(real.data(), real.size()));
  ASSERT_TRUE(parsed.ok()) << parsed.error().message;
  auto oracle = archfit::test::lines(archfit::test::read_text(fixture.parent_path() / "oracle" / "a19.bundler.txt"));

  std::vector<std::string> ids;
  std::vector<std::uint64_t> sizes;
  std::vector<std::pair<Blob, std::uint64_t>> pieces;
  std::size_t device_entries = 0;
  for (const auto& entry : parsed->entries) {
    Blob payload(real.begin() + static_cast<std::ptrdiff_t>(entry.offset),
                 real.begin() + static_cast<std::ptrdiff_t>(entry.offset + entry.size));
    bool host = entry.id.starts_with("host-");
    std::uint64_t size = host ? payload.size() : std::max<std::uint64_t>(k_entry_size, payload.size());
    ids.push_back(entry.id);
    sizes.push_back(size);
    pieces.push_back({payload, size - payload.size()});
    device_entries += host ? 0 : 1;
  }
  ASSERT_EQ(parsed->entries.size(), oracle.size());
  std::uint64_t header_size = 0;
  Blob header = offload_bundle_header(ids, sizes, header_size);
  pieces.insert(pieces.begin(), {header, 0});
  std::uint64_t uncompressed = header_size;
  for (auto size : sizes) {
    uncompressed += size;
  }
  Blob ccob = ccob_v3(zstd_frame_of_pieces(pieces), uncompressed);
  Blob section;
  for (int i = 0; i < k_bundles; ++i) {
    pad_to(section, 4096);
    append(section, ccob);
  }
  fs::path path = archfit::test::unique_temp_path("deep_memory.so");
  write_file(path.string(), minimal_elf(section, {{".hip_fatbin", 1, 2, 4096, section.size()}}));
  ASSERT_GT(uncompressed * k_bundles, std::uint64_t{2} << 30);  // the campaign's 2.44 GB, roughly

  auto run = fork_measured(
      [&] {
        auto file = archfit::MappedFile::open(path.string());
        if (!file) {
          return 2;
        }
        archfit::scan::ScanOptions options;
        options.deep = true;
        options.release_mapped_pages = true;
        options.budget = std::make_shared<archfit::DecompressionBudget>(std::uint64_t{16} << 30, std::chrono::minutes(10));
        std::vector<archfit::scan::FileReport> reports;
        archfit::scan::scan_bytes(path.string(), std::nullopt, file->bytes(), options, reports);
        if (reports.size() != 1 || reports[0].bundles.size() != static_cast<std::size_t>(k_bundles)) {
          return 3;
        }
        if (reports[0].gpu_code.size() != device_entries * k_bundles) {
          return 4;
        }
        for (const auto& code : reports[0].gpu_code) {
          if (!code.check || code.check->error || !code.check->mismatches.empty() || code.check->elf_target.empty()) {
            return 5;
          }
        }
        return 0;
      },
      300);
  std::filesystem::remove(path);
  ASSERT_TRUE(run.exited) << "signal " << run.signal;
  EXPECT_EQ(run.exit_code, 0) << "3: wrong bundle count, 4: wrong code count, 5: a check failed";
  EXPECT_LT(run.max_rss_kb, 256 * 1024) << run.max_rss_kb / 1024 << " MiB peak RSS for "
                                        << (uncompressed * k_bundles >> 20) << " MiB decompressed";
  RecordProperty("peak_rss_mib", static_cast<int>(run.max_rss_kb / 1024));
  RecordProperty("cpu_seconds", std::to_string(run.cpu_seconds));
}

}  // namespace
