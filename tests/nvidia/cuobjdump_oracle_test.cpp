// archfit scan against cuobjdump on files built by nvcc (tests/fixtures/nvidia). Expected names
// come only from the oracle files:
//   - cubins: the "arch = sm_XY[a|f]" lines of `cuobjdump F` (Fatbin elf code blocks), read from
//     the fatbin entry header. `cuobjdump --list-elf` numbers the same cubins in the same order
//     but names them from the cubin itself, which cannot record 'f', so the tests also check
//     that the two oracles agree once the 'f' is dropped. A standalone cubin has no fatbin
//     header: its --list-elf name is the expectation.
//   - PTX: `cuobjdump --list-ptx` "PTX file 1: k.1.sm_90.ptx" → compute_90.
#include <gtest/gtest.h>

#include <map>
#include <regex>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

using Names = std::vector<std::string>;
using PerMember = std::map<std::string, Names>;  // "" for a file that is not an archive

// "member /path/lib.a:rdc_a.o:" → "rdc_a.o"
std::optional<std::string> member_header(const std::string& line) {
  static const std::regex pattern(R"(^member .*:([^:]+):$)");
  std::smatch match;
  if (std::regex_match(line, match, pattern)) {
    return match[1].str();
  }
  return std::nullopt;
}

// Collects capture group 1 of `pattern` per archive member, in file order.
PerMember collect(const std::string& oracle, const std::regex& pattern) {
  PerMember result;
  std::string member;
  for (const auto& line : lines(read_text(fixture_dir("nvidia") / "oracle" / oracle))) {
    if (auto name = member_header(line)) {
      member = *name;
      continue;
    }
    std::smatch match;
    if (std::regex_search(line, match, pattern)) {
      result[member].push_back(match[1].str());
    }
  }
  return result;
}

PerMember list_elf(const std::string& file) {
  return collect(file + ".list-elf", std::regex(R"(^ELF file\s+\d+: .*\.(sm_[0-9]+[af]?)\.cubin$)"));
}

PerMember list_ptx_as_compute(const std::string& file) {
  PerMember names = collect(file + ".list-ptx", std::regex(R"(^PTX file\s+\d+: .*\.sm_([0-9]+[af]?)\.ptx$)"));
  for (auto& [member, list] : names) {
    for (auto& name : list) {
      name = "compute_" + name;
    }
  }
  return names;
}

// The arch lines of the "Fatbin elf code:" blocks of `cuobjdump F`.
PerMember dump_elf_arches(const std::string& file) {
  PerMember result;
  std::string member;
  bool in_elf_block = false;
  for (const auto& line : lines(read_text(fixture_dir("nvidia") / "oracle" / (file + ".dump")))) {
    if (auto name = member_header(line)) {
      member = *name;
    } else if (line.starts_with("Fatbin ")) {
      in_elf_block = line == "Fatbin elf code:";
    } else if (in_elf_block && line.starts_with("arch = ")) {
      result[member].push_back(line.substr(7));
    }
  }
  return result;
}

std::string without_f(std::string name) {
  if (!name.empty() && name.back() == 'f') {
    name.pop_back();
  }
  return name;
}

// archfit's targets of one kind, per archive member, in report order.
PerMember archfit_targets(const nlohmann::json& report, const std::string& kind, bool elf_target = false) {
  PerMember result;
  for (const auto& file : report["files"]) {
    std::string member = file["member"].is_null() ? "" : file["member"].get<std::string>();
    for (const auto& code : file["gpu_code"]) {
      if (code["kind"] == kind) {
        result[member].push_back(elf_target ? code["check"]["elf_target"] : code["target"]);
      }
    }
  }
  return result;
}

class CuobjdumpOracle : public ::testing::TestWithParam<std::string> {
 protected:
  std::string path() const { return (fixture_dir("nvidia") / GetParam()).string(); }
};

TEST_P(CuobjdumpOracle, CubinTargetsMatchInCuobjdumpOrder) {
  PerMember listed = list_elf(GetParam());
  PerMember expected = dump_elf_arches(GetParam());
  if (expected.empty()) {
    expected = listed;  // a standalone cubin: no fatbin header to read
  }
  EXPECT_TRUE(!expected.empty() || GetParam() == "libptx_only.so") << "oracle lists no cubins";
  for (const auto& [member, names] : expected) {  // the two oracles agree, up to the 'f'
    Names stripped;
    for (const auto& name : names) {
      stripped.push_back(without_f(name));
    }
    EXPECT_EQ(stripped, listed[member]) << "member " << member;
  }
  EXPECT_EQ(archfit_targets(run_archfit_json({"scan", path()}), "cubin"), expected);
}

TEST_P(CuobjdumpOracle, PtxTargetsMatchInCuobjdumpOrder) {
  EXPECT_EQ(archfit_targets(run_archfit_json({"scan", path()}), "ptx"), list_ptx_as_compute(GetParam()));
}

TEST_P(CuobjdumpOracle, DeepChecksAgreeWithListElfAndFindNoMismatch) {
  int exit_code = -1;
  auto report = run_archfit_json({"scan", "--deep", path()}, &exit_code);
  EXPECT_EQ(exit_code, 0);
  for (const auto& file : report["files"]) {
    EXPECT_TRUE(file["errors"].empty()) << file["errors"].dump();
    for (const auto& code : file["gpu_code"]) {
      ASSERT_TRUE(code.contains("check")) << code.dump();
      EXPECT_TRUE(code["check"]["mismatches"].empty()) << code.dump();
      EXPECT_TRUE(code["check"]["error"].is_null()) << code.dump();
    }
  }
  // A cubin's own ELF data names it exactly as --list-elf does.
  EXPECT_EQ(archfit_targets(report, "cubin", true), list_elf(GetParam()));
}

INSTANTIATE_TEST_SUITE_P(Nvcc, CuobjdumpOracle,
                         ::testing::Values("libmulti.so", "libfamily.so", "libmulti_zstd.so", "libfamily_lz4.so",
                                           "libptx_only.so", "libchain.so", "libchain_zstd.so", "rdc_a.o",
                                           "librdc.a", "kernel_a.fatbin",
                                           "kernel_a_sm_90.cubin", "kernel_a_sm_90a.cubin",
                                           "kernel_a_sm_100f.cubin"),
                         [](const auto& param_info) {
                           std::string name = param_info.param;
                           for (char& c : name) {
                             c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace archfit::test
