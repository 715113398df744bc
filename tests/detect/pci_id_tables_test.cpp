// The whole-table checks of the PCI-id tables:
// - every gfx named in data/amdgpu_pci_ids.tsv is a processor LLVM knows (data/amdgpu_processors.tsv,
//   itself checked against clang-19 and llvm-readelf in tests/amd/processor_table_test.cpp);
// - one device id never maps to two processors;
// - wherever Debian's libdrm amdgpu.ids (libdrm-common) names the same (device, revision), the
//   product names agree (libdrm repeats some pairs with two names; either counts);
// - the NVIDIA table's capabilities are well-formed and its names find their own rows.
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <set>

#include "knowledge/amdgpu_processors.hpp"
#include "knowledge/pci_id_tables.hpp"
#include "support/test_support.hpp"

namespace archfit::knowledge {
namespace {

TEST(PciIdTables, AmdTargetsAreLlvmProcessorsAndUnambiguous) {
  const auto& rows = AmdgpuPciIdTable::embedded().all();
  ASSERT_GT(rows.size(), 300u);
  std::map<std::uint16_t, std::string> gfx_of_device;
  for (const auto& row : rows) {
    const auto* processor = AmdgpuProcessorTable::embedded().by_name(row.gfx);
    ASSERT_NE(processor, nullptr) << std::hex << row.device << ": " << row.gfx;
    EXPECT_FALSE(processor->is_generic) << row.gfx;
    auto scanned = AmdgpuPciIdTable::embedded().find(row.device, row.revision);
    ASSERT_TRUE(scanned) << std::hex << row.device;
    EXPECT_EQ(scanned->gfx, row.gfx);
    if (row.revision) {
      EXPECT_EQ(scanned->product, row.product);
    }
    auto [it, inserted] = gfx_of_device.emplace(row.device, row.gfx);
    EXPECT_EQ(it->second, row.gfx) << "device " << std::hex << row.device << " maps to two processors";
  }
}

TEST(PciIdTables, AmdProductNamesAgreeWithLibdrm) {
  std::multimap<std::pair<unsigned, unsigned>, std::string> libdrm;
  std::regex line(R"(^([0-9A-Fa-f]{4}),\s*([0-9A-Fa-f]{2}),\s*(.+)$)");
  for (const auto& text : test::lines(test::read_text("/usr/share/libdrm/amdgpu.ids"))) {
    std::smatch match;
    if (std::regex_match(text, match, line)) {
      libdrm.emplace(std::make_pair(std::stoul(match[1].str(), nullptr, 16), std::stoul(match[2].str(), nullptr, 16)),
                     match[3].str());
    }
  }
  std::size_t compared = 0;
  for (const auto& row : AmdgpuPciIdTable::embedded().all()) {
    if (!row.revision || row.product.empty()) {
      continue;
    }
    auto [first, last] = libdrm.equal_range({row.device, *row.revision});
    if (first == last) {
      continue;  // newer than Debian's libdrm 2.4.114
    }
    std::set<std::string> names;
    for (auto it = first; it != last; ++it) {
      names.insert(it->second);
    }
    EXPECT_TRUE(names.count(row.product)) << std::hex << row.device << ":" << unsigned(*row.revision) << " '"
                                          << row.product << "' vs libdrm '" << *names.begin() << "'";
    ++compared;
  }
  EXPECT_GT(compared, 250u);
}

TEST(PciIdTables, RevisionLookupPrefersTheExactRow) {
  // MI210 is 740f rev 02 in libdrm; an unknown revision of 740f still names gfx90a.
  auto exact = AmdgpuPciIdTable::embedded().find(0x740f, 0x02);
  ASSERT_TRUE(exact);
  EXPECT_EQ(exact->gfx, "gfx90a");
  auto other = AmdgpuPciIdTable::embedded().find(0x740f, 0x7e);
  ASSERT_TRUE(other);
  EXPECT_EQ(other->gfx, "gfx90a");
  EXPECT_FALSE(AmdgpuPciIdTable::embedded().find(0x0001, std::nullopt));
}

TEST(PciIdTables, NvidiaRowsAreWellFormed) {
  const auto& table = NvidiaPciIdTable::embedded();
  ASSERT_GT(table.all().size(), 100u);
  std::regex capability(R"(^[0-9]{1,2}\.[0-9]$)");
  std::set<std::uint16_t> devices;
  for (const auto& row : table.all()) {
    EXPECT_TRUE(std::regex_match(row.compute_capability, capability)) << row.name;
    EXPECT_TRUE(devices.insert(row.device).second) << "duplicate device " << std::hex << row.device;
    EXPECT_FALSE(sm_target_from_compute_capability(row.compute_capability).empty());
    const auto* by_name = table.find_by_name(row.name);
    ASSERT_NE(by_name, nullptr) << row.name;
    EXPECT_EQ(by_name->compute_capability, row.compute_capability) << row.name;
    // The fast scan finds the same row as the full parse.
    auto scanned = table.find(row.device);
    ASSERT_TRUE(scanned) << row.name;
    EXPECT_EQ(scanned->name, row.name);
    EXPECT_EQ(scanned->compute_capability, row.compute_capability);
  }
  // detect.md §4.4, observed on the H200 machine: 0x2335 is an H200, compute capability 9.0.
  ASSERT_TRUE(table.find(0x2335));
  EXPECT_EQ(table.find(0x2335)->compute_capability, "9.0");
  EXPECT_EQ(sm_target_from_compute_capability("12.1"), "sm_121");
  EXPECT_EQ(sm_target_from_compute_capability("9"), "");
}

}  // namespace
}  // namespace archfit::knowledge
