// Every row of a data/*.tsv table cites its source at a fixed version a user can open: an upstream
// repository at a tag or commit ("owner/repo@ref"), a URL, a 7-40 digit hexadecimal commit, a PyPI
// release ("pkg==version") or a Debian package version ("pkg 5.2.3-8"). A citation such as "llvm
// AMDGPUUsage.rst Processors" or "ROCm installation guide" names no version, so the fact it backs cannot
// be checked again once upstream moves on. docs/architecture.md ("Data tables") states the rule.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "knowledge/tsv_table.hpp"
#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

// True when `source` names at least one fixed-version form.
bool cites_a_fixed_version(const std::string& source) {
  // "owner/repo@ref", or a path in it at a ref ("vllm-project/vllm CMakeLists.txt@v0.11.0"): the ref holds a
  // digit (a tag such as llvmorg-19.1.0 or rocm-6.0.0, or a commit).
  static const std::regex repo_at_ref(R"([A-Za-z0-9_.-]*[/.][A-Za-z0-9_./-]*@v?[A-Za-z0-9._+-]*[0-9][A-Za-z0-9._+-]*)");
  static const std::regex url(R"(https?://[^\s/]+\.[^\s/]+)");
  static const std::regex pypi_pin(R"([A-Za-z0-9_.-]+==[0-9][A-Za-z0-9_.+!-]*)");
  // Debian: a package name, a space, then an upstream version with a dot and a Debian revision ("5.2.3-8",
  // "5.3.3+dfsg-2~deb12u1", "1:2.36-9+deb12u4"); a bare upstream version ("glibc 2.36"), a date ("2026-07")
  // or a range ("11.8-13.1") is not one.
  static const std::regex debian_version(
      R"((^|[\s(`])[a-z0-9][a-z0-9+.-]+ ([0-9]+:)?[0-9]+(\.[0-9A-Za-z+~]+)+-[0-9]+([+~][A-Za-z0-9.+~]+)?($|[\s),;]))");
  if (std::regex_search(source, repo_at_ref) || std::regex_search(source, url) ||
      std::regex_search(source, pypi_pin) || std::regex_search(source, debian_version)) {
    return true;
  }
  // A commit: 7 to 40 lowercase hex digits standing alone, with at least one letter and one digit (so a
  // number such as 20230410 or a word such as "decade" is not taken for one).
  static const std::regex hex_word(R"((^|[^A-Za-z0-9_])([0-9a-f]{7,40})(?![A-Za-z0-9_]))");
  for (auto it = std::sregex_iterator(source.begin(), source.end(), hex_word); it != std::sregex_iterator(); ++it) {
    const std::string word = (*it)[2].str();
    bool letter = std::any_of(word.begin(), word.end(), [](char c) { return c >= 'a' && c <= 'f'; });
    bool digit = std::any_of(word.begin(), word.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
    if (letter && digit) {
      return true;
    }
  }
  return false;
}

TEST(DataSourceVersions, EveryRowCitesASourceAtAFixedVersion) {
  fs::path data = fs::path(ARCHFIT_SOURCE_DIR) / "data";
  std::size_t tables = 0;
  std::size_t rows = 0;
  for (const auto& entry : fs::directory_iterator(data)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".tsv") {
      continue;
    }
    const std::string name = entry.path().filename().string();
    auto table = knowledge::parse_tsv(read_text(entry.path()), name);
    ASSERT_TRUE(table.ok()) << name << ": " << table.error().message;
    int source = table->column("source");
    if (source < 0) {
      continue;
    }
    ++tables;
    for (const auto& row : table->rows) {
      ++rows;
      const std::string& cited = row[static_cast<std::size_t>(source)];
      EXPECT_TRUE(cites_a_fixed_version(cited))
          << "data/" << name << " row '" << row[0] << "': the source names no owner/repo@ref, URL, commit, "
          << "pkg==version or Debian 'pkg version-revision': " << cited;
    }
  }
  EXPECT_GT(tables, 30u);
  EXPECT_GT(rows, 1000u);
}

// The check can fail: each accepted form passes, and a citation without a version does not.
TEST(DataSourceVersions, TheCheckTellsVersionedFromUnversionedCitations) {
  EXPECT_TRUE(cites_a_fixed_version("llvm/llvm-project@llvmorg-19.1.0 llvm/docs/AMDGPUUsage.rst"));
  EXPECT_TRUE(cites_a_fixed_version("https://llvm.org/docs/AMDGPUUsage.html#processors"));
  EXPECT_TRUE(cites_a_fixed_version("ROCm/rocBLAS 01393fe6b39c library/CMakeLists.txt"));
  EXPECT_TRUE(cites_a_fixed_version("PyPI triton==3.0.0 wheel METADATA"));
  EXPECT_TRUE(cites_a_fixed_version("Debian 12 libamdhip64-dev 5.2.3-8 file list"));
  EXPECT_TRUE(cites_a_fixed_version("Debian 12 libhipsparse-dev 5.3.3+dfsg-2~deb12u1"));
  EXPECT_FALSE(cites_a_fixed_version("llvm ELF.h EF_AMDGPU_MACH_AMDGCN_GFX600; llvm AMDGPUUsage.rst Processors"));
  EXPECT_FALSE(cites_a_fixed_version("ROCm installation guide, \"multi-version installation\""));
  EXPECT_FALSE(cites_a_fixed_version("Debian 12 glibc 2.36 `ld.so --help` (system search path)"));
  EXPECT_FALSE(cites_a_fixed_version("pciutils/pciids pci.ids (Debian pci.ids 2023.04.10) 15f0 = GP100GL"));
  EXPECT_TRUE(cites_a_fixed_version("vllm-project/vllm CMakeLists.txt@v0.11.0 (PyPI sdist)"));
  EXPECT_TRUE(cites_a_fixed_version("Debian 12 libc6 1:2.36-9+deb12u4, ld.so --help"));
  EXPECT_FALSE(cites_a_fixed_version("ROCm/rocm-systems PR #8237 (merged 2026-07)"));
  EXPECT_FALSE(cites_a_fixed_version("crt/host_config.h of the NVIDIA nvcc/crt wheels 11.8-13.1"));
  EXPECT_FALSE(cites_a_fixed_version("x86-64 psABI 1.0 section 3.1.1; a decade of 20230410 and cafe"));
}

}  // namespace
}  // namespace archfit::test
