// data/nvidia_pci_chips.tsv (pci.ids: device id -> chip and product names) with data/nvidia_chip_families.tsv
// (chip -> compute capability), checked against the per-product tables written from NVIDIA's CUDA GPUs pages
// (data/nvidia_pci_ids.tsv, data/nvidia_gpu_names.tsv) and against product rows of NVIDIA's legacy page typed
// in below: two sources that share no step must agree wherever both answer.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "detect/nvidia_gpu_probe.hpp"
#include "knowledge/cuda_compute_capabilities.hpp"
#include "knowledge/nvidia_chips.hpp"
#include "knowledge/pci_id_tables.hpp"
#include "knowledge/tsv_table.hpp"

namespace archfit::knowledge {
namespace {

std::vector<std::string> family_keys() {
  const auto& families = embedded_table("nvidia_chip_families.tsv");
  std::vector<std::string> keys;
  for (const auto& row : families.rows) {
    keys.push_back(families.field(row, "chip"));
  }
  return keys;
}

// Every chip of the CUDA era (G80 on, as pci.ids names them) that is a PCI GPU has a family row; the other
// rows (NV4x and older, C7x/MCP integrated GPUs, nForce bridges) have none and so give no answer.
TEST(NvidiaChips, EveryCudaEraChipHasAFamilyAndEveryFamilyARealCapabilityAndRows) {
  const auto& chips = embedded_table("nvidia_pci_chips.tsv");
  const auto& families = embedded_table("nvidia_chip_families.tsv");
  ASSERT_GT(chips.rows.size(), 1200u);
  ASSERT_GT(families.rows.size(), 40u);
  auto keys = family_keys();
  const std::regex cuda_era("(G8[0-9]|G9[0-9]|GT2[0-9]{2}|GF1|GK[12]|GM[12]|GP1|GV1|TU1|GA1|AD1|GH1|GB[12]).*");
  const std::regex tegra("(GK20A|GM20B|GP10B|GV1[01]B|GA10B).*");
  std::set<std::string> used;
  std::size_t with_family = 0;
  for (const auto& row : chips.rows) {
    auto device = parse_hex(chips.field(row, "device"));
    EXPECT_TRUE(device && *device <= 0xffff) << chips.field(row, "device");
    const std::string& chip = chips.field(row, "chip");
    std::string family = nvidia_chip_family(chip, keys);
    bool expected = std::regex_match(chip, cuda_era) && !std::regex_match(chip, tegra);
    EXPECT_EQ(!family.empty(), expected) << chip;
    with_family += family.empty() ? 0 : 1;
    used.insert(family);
  }
  EXPECT_GT(with_family, 950u);
  for (const auto& row : families.rows) {
    std::string capability = families.field(row, "compute_capability");
    std::string nvcc = capability.substr(0, capability.find('.')) + capability.substr(capability.find('.') + 1);
    EXPECT_EQ(classify_cuda_arch_name(nvcc), CudaArchName::real) << families.field(row, "chip");
    EXPECT_TRUE(used.contains(families.field(row, "chip"))) << families.field(row, "chip") << " has no device";
  }
  EXPECT_EQ(NvidiaChipTable::embedded().all().size(), chips.rows.size());
  EXPECT_FALSE(NvidiaChipTable::embedded().find(0x0040));  // NV40 [GeForce 6800 Ultra]: no CUDA, no answer
}

TEST(NvidiaChips, ChipFamiliesAgreeWithTheProductTableByDeviceId) {
  std::size_t compared = 0;
  for (const auto& product : NvidiaPciIdTable::embedded().all()) {
    if (auto chip = NvidiaChipTable::embedded().find(product.device)) {
      EXPECT_EQ(chip->compute_capability, product.compute_capability)
          << fmt::format("{:04x} {} ({})", product.device, product.name, chip->chip);
      ++compared;
    }
  }
  EXPECT_GT(compared, 150u);  // the Turing to Ada and the Pascal/Volta datacenter rows that pci.ids 2023.04.10 has
}

TEST(NvidiaChips, NamesByChipAgreeWithTheProductNames) {
  std::size_t compared = 0;
  for (const auto& product : NvidiaPciIdTable::embedded().all()) {
    auto by_chip = NvidiaChipTable::embedded().by_name(product.name);
    if (!by_chip.compute_capability.empty()) {
      EXPECT_EQ(by_chip.compute_capability, product.compute_capability) << product.name;
      ++compared;
    }
  }
  const auto& names = embedded_table("nvidia_gpu_names.tsv");
  for (const auto& row : names.rows) {
    if (names.field(row, "match") != "name") {
      continue;
    }
    auto by_chip = NvidiaChipTable::embedded().by_name(names.field(row, "name"));
    if (!by_chip.compute_capability.empty()) {
      EXPECT_EQ(by_chip.compute_capability, names.field(row, "compute_capability")) << names.field(row, "name");
      ++compared;
    }
  }
  EXPECT_GT(compared, 100u);
}

// A series row ("GeForce RTX 20" = 7.5) against every pci.ids product of the series: the one product it
// does not hold is why a name is looked up by chip before by series.
TEST(NvidiaChips, SeriesRowsHoldForTheirProductsButTheRtx2050) {
  const auto& names = embedded_table("nvidia_gpu_names.tsv");
  std::set<std::string> disagreeing;
  for (const auto& row : names.rows) {
    if (names.field(row, "match") != "prefix") {
      continue;
    }
    std::string series = comparable_gpu_name(names.field(row, "name"));
    for (const auto& gpu : NvidiaChipTable::embedded().all()) {
      for (const auto& name : gpu.names) {
        std::string product = comparable_gpu_name(name);
        if (product.starts_with(series) && gpu.compute_capability != names.field(row, "compute_capability")) {
          disagreeing.insert(product + " (" + gpu.chip + ")");
        }
      }
    }
  }
  // pci.ids 10de:25a5/25ad/25ed GA107[M] [GeForce RTX 2050]: an Ampere chip under a Turing series name.
  for (const auto& product : disagreeing) {
    EXPECT_TRUE(product.starts_with("geforce rtx 2050")) << product;
  }
  EXPECT_FALSE(disagreeing.empty());
  EXPECT_EQ(NvidiaChipTable::embedded().by_name("NVIDIA GeForce RTX 2050").compute_capability, "8.6");
}

// Products of NVIDIA's legacy page (https://developer.nvidia.com/cuda-legacy-gpus), row by row as the page
// lists them: by name, archfit must give the page's compute capability or nothing, never another one.
TEST(NvidiaChips, LegacyPageProductsByNameAreRightOrUnknown) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> page = {
      {"1.0", {"Tesla C870", "Quadro FX 5600", "Quadro FX 4600", "GeForce 8800 Ultra", "GeForce 8800 GTX"}},
      {"1.2", {"GeForce GT 220", "GeForce 210", "NVS 300"}},
      {"2.0", {"GeForce GTX 590", "GeForce GTX 580", "GeForce GTX 570", "GeForce GTX 480", "GeForce GTX 470",
               "GeForce GTX 465"}},
      {"2.1", {"GeForce GTX 560 Ti", "GeForce GTX 550 Ti", "GeForce GTX 460", "GeForce GTS 450"}},
      {"3.0", {"GeForce GTX 770", "GeForce GTX 760", "GeForce GTX 690", "GeForce GTX 680", "GeForce GTX 670",
               "GeForce GTX 660 Ti", "GeForce GTX 660", "GeForce GTX 650 Ti BOOST", "GeForce GTX 650 Ti",
               "GeForce GTX 650", "Tesla K10", "GRID K520"}},
      {"3.5", {"GeForce GTX 780 Ti", "GeForce GTX 780", "GeForce GTX TITAN", "GeForce GTX TITAN Black",
               "GeForce GTX TITAN Z", "Tesla K40c"}},
      {"3.7", {"Tesla K80"}},
      {"5.0", {"Quadro K2200", "Quadro K1200", "Quadro K620", "GeForce GTX 750 Ti", "GeForce GTX 750",
               "GeForce GTX 960M", "GeForce GTX 950M", "GeForce 940M"}},
      {"5.2", {"Tesla M60", "Tesla M40", "Quadro M6000 24GB", "Quadro M6000", "Quadro M5000", "Quadro M4000",
               "Quadro M2000", "GeForce GTX TITAN X", "GeForce GTX 980 Ti", "GeForce GTX 980", "GeForce GTX 970",
               "GeForce GTX 960", "GeForce GTX 950", "GeForce GTX 980M", "GeForce GTX 970M", "GeForce GTX 965M"}},
      {"6.1", {"Tesla P40", "Tesla P4", "Quadro P6000", "Quadro P5000", "Quadro P4000", "Quadro P2000",
               "Quadro P1000", "Quadro P620", "Quadro P600", "Quadro P400", "GeForce GTX 1080 Ti",
               "GeForce GTX 1080", "GeForce GTX 1070 Ti", "GeForce GTX 1070", "GeForce GTX 1050"}},
  };
  // Not typed in: the page's 5.2 row also lists the GeForce 910M, which pci.ids gives to GK208BM (Kepler).
  std::size_t right = 0;
  std::size_t total = 0;
  for (const auto& [capability, products] : page) {
    for (const auto& product : products) {
      auto answer = NvidiaChipTable::embedded().by_name(product);
      ++total;
      if (answer.compute_capability.empty()) {
        continue;
      }
      EXPECT_EQ(answer.compute_capability, capability) << product;
      right += answer.compute_capability == capability;
    }
  }
  EXPECT_GE(right * 10, total * 8) << right << " of " << total;  // most names are pci.ids' own
}

TEST(NvidiaChips, ANameOnChipsOfTwoCapabilitiesAnswersNothing) {
  // pci.ids: 0f02 GF108 [GeForce GT 730] (Fermi, 2.1), 1287 GK208B [GeForce GT 730] (Kepler, 3.5).
  auto answer = NvidiaChipTable::embedded().by_name("GeForce GT 730");
  EXPECT_TRUE(answer.ambiguous);
  EXPECT_TRUE(answer.compute_capability.empty());
  EXPECT_NE(std::find(answer.chips.begin(), answer.chips.end(), "GF108"), answer.chips.end());
  EXPECT_NE(std::find(answer.chips.begin(), answer.chips.end(), "GK208B"), answer.chips.end());
  EXPECT_TRUE(NvidiaChipTable::embedded().by_name("GeForce GTX 9999").chips.empty());
  // Through pci.ids' variant suffixes, which nvidia-smi need not print: 0fc1 GK107 [GeForce GT 640],
  // 124b GF116 [GeForce GT 640 OEM], 1282 GK208 [GeForce GT 640 Rev. 2]; 0f00 GF108 [GeForce GT 630], 0fc2
  // GK107 [GeForce GT 630 OEM]; 1082 GF110 [GeForce GTX 560 Ti OEM], 1200 GF114 [GeForce GTX 560 Ti].
  for (const char* name : {"GeForce GT 640", "GeForce GT 630", "GeForce GTX 560 Ti", "NVIDIA GeForce GT 640"}) {
    EXPECT_TRUE(NvidiaChipTable::embedded().by_name(name).ambiguous) << name;
  }
  // Through expanded alternatives: 1140 GF117M [GeForce 610M/710M/810M/820M / GT 620M/625M/630M/720M] (2.1)
  // and the Kepler GeForce GT 720M; 0de9 GF108M [GeForce GT 620M/630M/635M/640M LE] and the Kepler GT 640M LE.
  for (const char* name : {"GeForce GT 720M", "GeForce GT 640M LE"}) {
    EXPECT_TRUE(NvidiaChipTable::embedded().by_name(name).ambiguous) << name;
  }
  // Through a chip with no family row: 0874 C79 [ION] and 0a64 GT218 [ION] (1.2).
  auto ion = NvidiaChipTable::embedded().by_name("ION");
  EXPECT_TRUE(ion.ambiguous);
  EXPECT_TRUE(ion.compute_capability.empty());
}

TEST(NvidiaChips, NamesCompareAsDriversPrintThem) {
  // pci.ids 1db1 GV100GL [Tesla V100 SXM2 16GB]; drivers before ~470 print "Tesla V100-SXM2-16GB".
  EXPECT_EQ(NvidiaChipTable::embedded().by_name("Tesla V100-SXM2-16GB").compute_capability, "7.0");
  EXPECT_EQ(NvidiaChipTable::embedded().by_name("NVIDIA GeForce GTX 1080").compute_capability, "6.1");
  EXPECT_EQ(comparable_gpu_name("NVIDIA  Tesla_K80 "), "tesla k80");
}

TEST(NvidiaChips, PciIdsAlternativesAsProducts) {
  // Brackets as pci.ids 2023.04.10 writes them (devices 05e7, 1140, 0de9, 0190, 25b6, 28a0).
  EXPECT_EQ(expand_pci_ids_names("Tesla C1060 / M1060"), (std::vector<std::string>{"Tesla C1060", "Tesla M1060"}));
  EXPECT_EQ(expand_pci_ids_names("GeForce 610M/710M/810M/820M / GT 620M/625M/630M/720M"),
            (std::vector<std::string>{"GeForce 610M", "GeForce 710M", "GeForce 810M", "GeForce 820M", "GeForce GT 620M",
                                      "GeForce GT 625M", "GeForce GT 630M", "GeForce GT 720M"}));
  EXPECT_EQ(expand_pci_ids_names("GeForce GT 620M/630M/635M/640M LE"),
            (std::vector<std::string>{"GeForce GT 620M", "GeForce GT 630M", "GeForce GT 635M", "GeForce GT 640M LE"}));
  EXPECT_EQ(expand_pci_ids_names("GeForce 8800 GTS / 8800 GTX"),
            (std::vector<std::string>{"GeForce 8800 GTS", "GeForce 8800 GTX"}));
  EXPECT_EQ(expand_pci_ids_names("A2 / A16"), (std::vector<std::string>{"A2", "A16"}));
  EXPECT_EQ(expand_pci_ids_names("GeForce RTX 4060 Max-Q / Mobile"), std::vector<std::string>{"GeForce RTX 4060 Max-Q"});
  EXPECT_EQ(expand_pci_ids_names(""), std::vector<std::string>{});
  EXPECT_EQ(without_variant_suffix("geforce gt 640 rev. 2"), "geforce gt 640");
  EXPECT_EQ(without_variant_suffix("geforce gtx 560 ti 448 cores"), "geforce gtx 560 ti");
  EXPECT_EQ(without_variant_suffix("geforce gt 630 oem"), "geforce gt 630");
  EXPECT_EQ(without_variant_suffix("geforce gtx 650 ti boost"), "geforce gtx 650 ti boost");
  EXPECT_EQ(without_variant_suffix("geforce gtx 750 v2"), "geforce gtx 750");
  EXPECT_EQ(without_variant_suffix("geforce gt 650m mac edition"), "geforce gt 650m");
  EXPECT_EQ(without_variant_suffix("geforce 8400 gs rev.2"), "geforce 8400 gs");
  EXPECT_EQ(without_variant_suffix("geforce gtx 460 se v2 oem"), "geforce gtx 460 se");  // repeated, any order
  EXPECT_EQ(without_variant_suffix("geforce gtx 1070 engineering sample"), "geforce gtx 1070");
  EXPECT_EQ(without_variant_suffix("geforce gtx 1070"), "geforce gtx 1070");
  EXPECT_EQ(without_variant_suffix("oem"), "oem");  // a name that is only a suffix stays
  EXPECT_EQ(without_variant_suffix("tesla v100 sxm2 16gb"), "tesla v100 sxm2 16gb");
  EXPECT_EQ(nvidia_chip_family("GK110BGL", family_keys()), "GK110");
  EXPECT_EQ(nvidia_chip_family("GT200b", family_keys()), "GT200");
  EXPECT_EQ(nvidia_chip_family("GK20A", family_keys()), "");  // Tegra K1: not a PCI GPU, not in the table
  EXPECT_EQ(nvidia_chip_family("GM20B", family_keys()), "");
}

// Every suffix of data/nvidia_name_variants.tsv removes something from a name pci.ids really writes (a row that
// matches none is dead or mistyped) and leaves a name.
TEST(NvidiaChips, EveryVariantSuffixStripsARealPciIdsName) {
  const auto& variants = embedded_table("nvidia_name_variants.tsv");
  ASSERT_FALSE(variants.rows.empty());
  std::set<std::string> all_names;
  for (const auto& gpu : NvidiaChipTable::embedded().all()) {
    for (const auto& name : gpu.names) {
      all_names.insert(comparable_gpu_name(name));
    }
  }
  for (const auto& row : variants.rows) {
    std::regex suffix(" (?:" + variants.field(row, "suffix") + ")$");
    int stripped = 0;
    for (const auto& name : all_names) {
      if (std::regex_search(name, suffix)) {
        ++stripped;
        std::string base = without_variant_suffix(name);
        EXPECT_LT(base.size(), name.size()) << name;
        EXPECT_FALSE(base.empty()) << name;
      }
    }
    EXPECT_GT(stripped, 0) << "suffix " << variants.field(row, "suffix") << " strips no pci.ids name";
  }
}

// Families no per-product table reaches, against sources that name their products' compute capability:
// NVIDIA's forums (8800 GT 1.1: forums.developer.nvidia.com/t/8800gt-compute-capability/1798; "G80=1.0 and
// everything else=1.1" before GT200: /t/gpu-compute-capability-list-cuda-1-0-1-1-2-0/3730; Tesla C1060 1.3:
// /t/compute-capability-cuda-toolkit-3-1/17686) and a copy of NVIDIA's CUDA GPUs page
// (gist.github.com/zachnicoll/f404a070611ccffda607bc65e4636d8f: GeForce GT 730 3.5, the GK208 one).
TEST(NvidiaChips, OldFamiliesAgainstNvidiasOwnStatements) {
  // pci.ids: 0611 G92, 0400 G84, 0421 G86, 0622 G94, 0640 G96C, 06e0 G98; 05e7 GT200GL [Tesla C1060 / M1060];
  // 1287 GK208B [GeForce GT 730].
  for (std::uint16_t device : std::initializer_list<std::uint16_t>{0x0611, 0x0400, 0x0421, 0x0622, 0x0640, 0x06e0}) {
    ASSERT_TRUE(NvidiaChipTable::embedded().find(device)) << device;
    EXPECT_EQ(NvidiaChipTable::embedded().find(device)->compute_capability, "1.1") << device;
  }
  EXPECT_EQ(NvidiaChipTable::embedded().find(0x0191)->compute_capability, "1.0");  // G80 [GeForce 8800 GTX]
  EXPECT_EQ(NvidiaChipTable::embedded().find(0x05e7)->compute_capability, "1.3");
  EXPECT_EQ(NvidiaChipTable::embedded().find(0x1287)->compute_capability, "3.5");
}

// sysfs alone (no driver): a GeForce GTX 1080 (pci.ids 10de:1b80 GP104, 6.1 on the legacy page), which the
// per-product table leaves out, is named with its compute capability.
TEST(NvidiaChips, SysfsProbeNamesAPreTuringGpuByItsChip) {
  probe::SystemRoot root(std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/sysroots/apu-raven/root");
  detect::PciDevice pci;
  pci.address = "0000:01:00.0";
  pci.vendor = 0x10de;
  pci.device = 0x1b80;
  ASSERT_FALSE(NvidiaPciIdTable::embedded().find(0x1b80));
  detect::DetectReport report;
  detect::probe_nvidia_gpus(root, {pci}, {}, report);
  ASSERT_EQ(report.gpus.size(), 1u);
  EXPECT_EQ(report.gpus[0].target, "sm_61");
  EXPECT_EQ(report.gpus[0].source, "pci-chip-table");
  EXPECT_EQ(report.gpus[0].name, "GeForce GTX 1080");
  EXPECT_FALSE(report.gpus[0].accessible);  // no /proc/driver/nvidia in that tree
}

}  // namespace
}  // namespace archfit::knowledge
