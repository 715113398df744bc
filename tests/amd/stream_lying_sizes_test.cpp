// The streaming ELF scanner (zip members) on a string table whose section header claims more
// bytes than the file has: it must say so and go on, never reserve the claimed size. (The fuzzer
// found a 24 GB calloc for such a table: fuzz_zip_stream, 2026-12-02.)
#include <gtest/gtest.h>

#include <cstring>

#include "binfmt/elf_file.hpp"
#include "scan/elf_stream_scan.hpp"
#include "support/test_support.hpp"

namespace archfit::test {
namespace {

TEST(StreamLyingSizes, AStringTableLargerThanTheFileIsAnErrorNotAnAllocation) {
  // A real library (make_scan_stream_fixtures.sh) whose .dynstr is over 1 MiB, so the streaming
  // scanner reads it sparsely; its section header's size is then made 24 GB.
  auto bytes = read_bytes(fixture_dir("scan_stream") / "libbigdynstr.so");
  auto elf = binfmt::ElfFile::parse(Bytes(bytes));
  ASSERT_TRUE(elf) << elf.error().message;
  const auto* dynstr = elf->find_section(".dynstr");
  ASSERT_NE(dynstr, nullptr);
  ASSERT_GT(dynstr->size, 1u << 20);
  std::size_t index = static_cast<std::size_t>(dynstr - elf->sections().data());
  std::uint64_t header = elf->header().section_header_offset + index * 64 + 32;  // sh_size of ELF64
  std::uint64_t lie = 0x600000284;
  std::memcpy(bytes.data() + header, &lie, sizeof lie);

  for (bool deep : {false, true}) {
    scan::ScanOptions options;
    options.deep = deep;
    scan::ElfStreamScanner scanner(bytes.size(), options);
    constexpr std::size_t k_chunk = 65536;
    for (std::size_t at = 0; at < bytes.size(); at += k_chunk) {
      scanner.feed(Bytes(bytes).subspan(at, std::min(k_chunk, bytes.size() - at)));
    }
    if (scanner.wants_second_pass()) {
      for (std::size_t at = 0; at < bytes.size(); at += k_chunk) {
        if (!scanner.feed_second(Bytes(bytes).subspan(at, std::min(k_chunk, bytes.size() - at)))) {
          break;
        }
      }
    }
    scan::FileReport report;
    scanner.finish(report);
    bool said = false;
    for (const auto& error : report.errors) {
      said = said || (error.find("'.dynstr'") != std::string::npos && error.find("runs past end of file") != std::string::npos);
    }
    EXPECT_TRUE(said) << "deep " << deep << ": " << ::testing::PrintToString(report.errors);
  }
}

}  // namespace
}  // namespace archfit::test
