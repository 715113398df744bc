// walk_hip_fatbin with `headers_from` (the plain bundles' headers read with pread from the file
// instead of through its mapping) finds exactly what the walk through the mapping finds, on real
// bundles cut short at every byte of their headers, and touches far fewer of the mapping's pages.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "binfmt/elf_file.hpp"
#include "binfmt/hip_fatbin.hpp"
#include "support/test_support.hpp"
#include "util/mapped_file.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;
using binfmt::Decompress;

// Everything a walk reports, as text, so two walks compare in one assertion.
std::string describe(const binfmt::FatbinWalk& walk) {
  std::string text;
  for (const auto& found : walk.bundles) {
    text += "bundle +" + std::to_string(found.section_offset) + " stored " + std::to_string(found.stored_size) +
            (found.compressed ? " ccob" : " plain") + "\n";
    for (const auto& entry : found.bundle.entries) {
      text += "  " + entry.id + " +" + std::to_string(entry.offset) + " " + std::to_string(entry.size) + "\n";
    }
  }
  for (const auto& error : walk.errors) {
    text += "error " + error.message + "\n";
  }
  return text;
}

std::string walk_file(const fs::path& path, bool with_pread) {
  auto mapped = MappedFile::open(path.string());
  EXPECT_TRUE(mapped) << path;
  if (!mapped) {
    return {};
  }
  return describe(binfmt::walk_hip_fatbin(mapped->bytes(), Decompress::table_only, nullptr, {},
                                          with_pread ? &*mapped : nullptr));
}

TEST(HipFatbinHeaderReads, SameWalkAsThroughTheMappingOnEveryCutOfRealBundles) {
  for (const char* name : {"a15.hipfb", "a19_plain.hipfb", "ccob_v3_zstd.hipfb"}) {
    auto bytes = read_bytes(fixture_dir("amd") / name);
    ASSERT_GT(bytes.size(), 2000u) << name;
    fs::path cut_file = unique_temp_path(std::string("header-reads-") + name);
    // Every cut inside the first 4 KiB (the header and the pread window's edge), then every 97th.
    for (std::size_t cut = 1; cut <= bytes.size(); cut += cut < 4200 ? 1 : 97) {
      {
        std::ofstream out(cut_file, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(cut));
      }
      std::string through_mapping = walk_file(cut_file, false);
      ASSERT_EQ(walk_file(cut_file, true), through_mapping) << name << " cut at " << cut;
    }
    std::string whole = walk_file(fixture_dir("amd") / name, true);
    EXPECT_NE(whole.find("bundle +0"), std::string::npos) << name << ":\n" << whole;
    EXPECT_EQ(whole.find("error"), std::string::npos) << name << ":\n" << whole;
    fs::remove(cut_file);
  }
}

// The resident size of the mapping that starts at `start`, from /proc/self/smaps: the pages this
// process has mapped in it (a page fault maps 16 at a time), whatever the machine's load.
std::uint64_t mapped_bytes(const void* start) {
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  char wanted[32];
  std::snprintf(wanted, sizeof wanted, "%lx-", reinterpret_cast<unsigned long>(start));
  bool in_mapping = false;
  while (std::getline(smaps, line)) {
    if (line.find('-') != std::string::npos && line.find(' ') > line.find('-') && !line.starts_with("VmFlags")) {
      in_mapping = line.starts_with(wanted);
    }
    if (in_mapping && line.starts_with("Rss:")) {
      return std::stoull(line.substr(4)) * 1024;
    }
  }
  ADD_FAILURE() << "no mapping at " << start << " in /proc/self/smaps";
  return 0;
}

// Debian's librocsparse0 (scripts/tools.tsv): 111 bundles, a few MB apart, in a 1.3 GB .hip_fatbin.
TEST(HipFatbinHeaderReads, RocsparsesHeadersAreReadWithoutMappingTheirPages) {
  const char* path = "/usr/lib/x86_64-linux-gnu/librocsparse.so.0.1";
  auto walk_section = [&](bool with_pread, std::uint64_t& resident) {
    auto mapped = MappedFile::open(path);  // a fresh mapping each time: no page of it is mapped yet
    EXPECT_TRUE(mapped);
    auto elf = binfmt::ElfFile::parse(mapped->bytes());
    EXPECT_TRUE(elf);
    auto section = elf->section_data(*elf->find_section(".hip_fatbin"));
    EXPECT_TRUE(section);
    std::uint64_t before = mapped_bytes(mapped->bytes().data());
    auto walk = binfmt::walk_hip_fatbin(*section, Decompress::table_only, nullptr, {},
                                        with_pread ? &*mapped : nullptr);
    resident = mapped_bytes(mapped->bytes().data()) - before;
    return describe(walk);
  };
  std::uint64_t through_mapping_bytes = 0;
  std::uint64_t pread_bytes = 0;
  std::string through_mapping = walk_section(false, through_mapping_bytes);
  std::string with_pread = walk_section(true, pread_bytes);
  EXPECT_EQ(with_pread, through_mapping);
  EXPECT_GE(count_of(through_mapping, "bundle +"), 100u);
  // Through the mapping, every bundle header's page (and its neighbours) becomes resident; with
  // pread, none does.
  EXPECT_GE(through_mapping_bytes, 100u * 4096) << "mapped through the mapping";
  EXPECT_EQ(pread_bytes, 0u) << "mapped with pread";
}

}  // namespace
}  // namespace archfit::test
