// Regression (found by fuzz review, reproduced with fuzz_elf: a 64 KiB ELF took 8 s, a 256 KiB one
// hit libFuzzer's timeout and grew without bound): read_version_needs followed every Verneed's
// Vernaux chain in full, so N Verneed records all pointing at one shared chain of M records made
// N*M version strings — quadratic in the section size. A section holds at most size/16 Vernaux
// records, so visiting more is now an error naming the section and the record's offset.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "binfmt/elf_file.hpp"
#include "binfmt/elf_host_needs.hpp"

namespace archfit::binfmt {
namespace {

void put_le(std::vector<std::uint8_t>& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) {
    out.push_back(i < 8 ? static_cast<std::uint8_t>(value >> (8 * i)) : 0);  // wider fields: zero-extended
  }
}

void append(std::vector<std::uint8_t>& out, std::string_view text) { out.insert(out.end(), text.begin(), text.end()); }

// `records` Verneed records ("libx.so", 65535 Vernaux each) all pointing at one chain of `shared`
// Vernaux records ("GLIBC_2.0"). With records = shared = 1 it is an ordinary section.
std::vector<std::uint8_t> verneed_section(std::uint32_t records, std::uint32_t shared, std::uint16_t count) {
  std::vector<std::uint8_t> need;
  for (std::uint32_t i = 0; i < records; ++i) {
    put_le(need, 1, 2);
    put_le(need, count, 2);
    put_le(need, 1, 4);                         // vn_file: "libx.so"
    put_le(need, 16 * (records - i), 4);        // vn_aux: the shared chain after the records
    put_le(need, i + 1 < records ? 16 : 0, 4);  // vn_next
  }
  for (std::uint32_t j = 0; j < shared; ++j) {
    put_le(need, 0, 8);                        // vna_hash, vna_flags, vna_other
    put_le(need, 9, 4);                        // vna_name: "GLIBC_2.0"
    put_le(need, j + 1 < shared ? 16 : 0, 4);  // vna_next
  }
  return need;
}

void put_section(std::vector<std::uint8_t>& out, std::uint32_t name, std::uint32_t type, std::uint64_t offset,
                 std::uint64_t size, std::uint32_t link, std::uint32_t info) {
  put_le(out, name, 4);
  put_le(out, type, 4);
  put_le(out, 0, 16);  // sh_flags, sh_addr
  put_le(out, offset, 8);
  put_le(out, size, 8);
  put_le(out, link, 4);
  put_le(out, info, 4);
  put_le(out, 0, 16);  // sh_addralign, sh_entsize
}

// An x86-64 ET_DYN with sections: null, .dynstr, .gnu.version_r (sh_info = records), .shstrtab.
std::vector<std::uint8_t> elf_with_verneed(const std::vector<std::uint8_t>& need, std::uint32_t records) {
  constexpr std::string_view dynstr("\0libx.so\0GLIBC_2.0\0", 19);
  constexpr std::string_view shstrtab("\0.dynstr\0.gnu.version_r\0.shstrtab\0", 34);
  std::uint64_t need_offset = 64 + dynstr.size();
  std::uint64_t names_offset = need_offset + need.size();
  std::uint64_t table_offset = names_offset + shstrtab.size();
  std::vector<std::uint8_t> elf{0x7f, 'E', 'L', 'F', 2, 1, 1, 0};
  put_le(elf, 0, 8);
  put_le(elf, k_et_dyn, 2);
  put_le(elf, k_em_x86_64, 2);
  put_le(elf, 1, 4);
  put_le(elf, 0, 16);  // e_entry, e_phoff
  put_le(elf, table_offset, 8);
  put_le(elf, 0, 4);   // e_flags
  put_le(elf, 64, 2);  // e_ehsize
  put_le(elf, 0, 4);   // e_phentsize, e_phnum
  put_le(elf, 64, 2);  // e_shentsize
  put_le(elf, 4, 2);   // e_shnum
  put_le(elf, 3, 2);   // e_shstrndx
  append(elf, dynstr);
  elf.insert(elf.end(), need.begin(), need.end());
  append(elf, shstrtab);
  put_section(elf, 0, 0, 0, 0, 0, 0);
  put_section(elf, 1, 3, 64, dynstr.size(), 0, 0);
  put_section(elf, 9, k_sht_gnu_verneed, need_offset, need.size(), 1, records);
  put_section(elf, 24, 3, names_offset, shstrtab.size(), 0, 0);
  return elf;
}

TEST(ElfHostNeedsRegression, OrdinaryVerneedStillReads) {
  auto bytes = elf_with_verneed(verneed_section(1, 2, 2), 1);
  auto elf = ElfFile::parse(bytes);
  ASSERT_TRUE(elf.ok()) << elf.error().message;
  auto needs = read_host_needs(*elf);
  ASSERT_TRUE(needs.ok()) << needs.error().message;
  ASSERT_EQ(needs->version_needs.size(), 1u);
  EXPECT_EQ(needs->version_needs[0].file, "libx.so");
  EXPECT_EQ(needs->version_needs[0].versions, (std::vector<std::string>{"GLIBC_2.0", "GLIBC_2.0"}));
  EXPECT_EQ(needs->highest_versions.at("GLIBC"), "GLIBC_2.0");
}

TEST(ElfHostNeedsRegression, SharedVernauxChainsAreRejectedNotMultiplied) {
  // 256 records x 256 shared Vernaux: 65536 strings before the fix, from an 8 KiB section.
  auto bytes = elf_with_verneed(verneed_section(256, 256, 0xffff), 256);
  auto elf = ElfFile::parse(bytes);
  ASSERT_TRUE(elf.ok()) << elf.error().message;
  auto needs = read_host_needs(*elf);
  ASSERT_FALSE(needs.ok());
  const std::string& message = needs.error().message;
  EXPECT_NE(message.find("'.gnu.version_r'"), std::string::npos) << message;
  EXPECT_NE(message.find("Vernaux chains visit more records than the section holds"), std::string::npos) << message;
  // 8192 bytes hold 512 records: records 0 and 1 use them up, record 2 (at +0x20) is refused.
  EXPECT_NE(message.find("Verneed record 2 at +0x20:"), std::string::npos) << message;
}

}  // namespace
}  // namespace archfit::binfmt
