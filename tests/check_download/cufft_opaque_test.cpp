// `check` on the real cuFFT libraries (PyPI nvidia-cufft 12.0.0.61, the H200 venv's): their
// .nv_fatbin holds one sm_75 cubin (cuobjdump is the oracle), yet cuFFT runs on sm_90 (recorded in
// docs/check.md, "Calibration on an H200"). libcufft keeps its kernels in 23,983 fatbin containers
// in .ldata, which the embedded-code search reads: each sampled container lists what cuobjdump
// lists for it alone, and sm_90 is native. libcufftw has none: a target its fatbin does not cover
// is `opaque`, never `no-code`. Inside the wheel and extracted alike.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

// cuobjdump's "ELF file 1: libcufft.so.1.sm_75.cubin" lines → {"sm_75"}.
std::set<std::string> listed(const std::string& name) {
  std::set<std::string> targets;
  std::regex line(R"((ELF|PTX) file\s+\d+: .*\.(sm_[0-9]+[af]?)\.(cubin|ptx))");
  std::istringstream in(read_text(fixture_dir("check_download") / "oracle" / name));
  for (std::string text; std::getline(in, text);) {
    std::smatch match;
    if (std::regex_search(text, match, line)) {
      targets.insert(match[2]);
    }
  }
  return targets;
}

struct LdataOracle {
  std::size_t containers = 0;
  std::map<std::uint64_t, std::vector<std::string>> sampled;  // file offset → cuobjdump's targets
};

LdataOracle ldata_oracle(const std::string& lib) {
  LdataOracle oracle;
  std::istringstream in(read_text(fixture_dir("check_download") / "oracle" / (lib + ".ldata")));
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("containers ")) {
      oracle.containers = std::stoul(line.substr(11));
      continue;
    }
    auto tab = line.find('\t');
    if (tab == std::string::npos) {
      continue;
    }
    std::vector<std::string> targets;
    std::stringstream list(line.substr(tab + 1));
    for (std::string item; std::getline(list, item, ',');) {
      targets.push_back(item);
    }
    oracle.sampled[std::stoull(line.substr(0, tab))] = targets;
  }
  return oracle;
}

// cuobjdump's spelling of a scan entry: PTX "compute_80" → "sm_80", no family "f".
std::string cuobjdump_name(std::string target) {
  if (target.starts_with("compute_")) {
    target = "sm_" + target.substr(8);
  }
  if (target.ends_with("f")) {
    target.pop_back();
  }
  return target;
}

void expect_ldata_matches(const nlohmann::json& file, const LdataOracle& oracle, const std::string& what) {
  std::size_t containers = 0;
  std::map<std::uint64_t, std::vector<std::string>> ours;
  std::map<int, std::uint64_t> offset_of;
  for (std::size_t i = 0; i < file["bundles"].size(); ++i) {
    const auto& bundle = file["bundles"][i];
    if (bundle["section"] == ".ldata") {
      ++containers;
      offset_of[static_cast<int>(i)] = bundle["file_offset"].get<std::uint64_t>();
      ours[bundle["file_offset"].get<std::uint64_t>()];
    }
  }
  for (const auto& code : file["gpu_code"]) {
    auto found = offset_of.find(code.value("bundle", -1));
    if (found != offset_of.end() && (code["kind"] == "cubin" || code["kind"] == "ptx")) {
      ours[found->second].push_back(cuobjdump_name(code["target"]));
    }
  }
  EXPECT_EQ(containers, oracle.containers) << what;
  for (const auto& [offset, targets] : oracle.sampled) {
    auto mine = ours[offset];
    std::sort(mine.begin(), mine.end());
    EXPECT_EQ(mine, targets) << what << " container at " << offset;
  }
}

std::string verdict_of(const nlohmann::json& report, const std::string& path, const std::string& member,
                       const std::string& target) {
  for (const auto& result : report["results"]) {
    bool same_member = member.empty() ? result["member"].is_null() : result["member"] == member;
    if (result["path"] == path && same_member && result["target"] == target) {
      return result["verdict"];
    }
  }
  return "(none)";
}

TEST(CufftOpaque, LdataContainersAreReadAndWhatTheyDoNotCoverIsOpaqueNotNoCode) {
  auto dir = fixture_dir("check_download");
  std::string wheel = (dir / "wheels" / "cufft.whl").string();
  for (const std::string lib : {"libcufft.so.12", "libcufftw.so.12"}) {
    auto cubins = listed(lib + ".list-elf");
    ASSERT_EQ(cubins, std::set<std::string>{"sm_75"}) << lib;  // the placeholder cubin
    ASSERT_TRUE(listed(lib + ".list-ptx").empty()) << lib;
    std::string path = (dir / "lib" / lib).string();
    auto oracle = ldata_oracle(lib);
    std::set<std::string> sampled;
    for (const auto& [offset, targets] : oracle.sampled) {
      sampled.insert(targets.begin(), targets.end());
    }
    // libcufft: cuobjdump finds sm_90 cubins in the sampled .ldata containers; libcufftw has none.
    std::string sm90 = sampled.count("sm_90") != 0 ? "native" : "opaque";
    EXPECT_EQ(sm90, lib == "libcufft.so.12" ? "native" : "opaque") << lib << ": the oracle changed";
    auto scans = run_archfit_json({"scan", path, wheel, "--json"});
    for (const auto& file : scans["files"]) {
      std::string member = file["member"].is_string() ? file["member"].get<std::string>() : "";
      if ((file["path"] == path && member.empty()) || member == "nvidia/cu13/lib/" + lib) {
        expect_ldata_matches(file, oracle, lib + " " + (member.empty() ? path : member));
      }
    }
    int exit_code = -1;
    auto report = run_archfit_json({"check", "--target", "sm_90,sm_75", path, wheel, "--json"}, &exit_code);
    // sm_75 SASS runs on 7.5 only within major 7: native there.
    EXPECT_EQ(verdict_of(report, path, "", "sm_75"), "native") << lib;
    EXPECT_EQ(verdict_of(report, path, "", "sm_90"), sm90) << lib;
    EXPECT_EQ(verdict_of(report, wheel, "nvidia/cu13/lib/" + lib, "sm_90"), sm90) << lib;
    EXPECT_EQ(verdict_of(report, wheel, "nvidia/cu13/lib/" + lib, "sm_75"), "native") << lib;
    for (const auto& result : report["results"]) {
      EXPECT_NE(result["verdict"], "no-code") << result.dump();
      if (result["verdict"] == "opaque") {
        EXPECT_NE(result["reason"].get<std::string>().find("sm_75"), std::string::npos);
        EXPECT_NE(result["reason"].get<std::string>().find("https://"), std::string::npos);
      }
    }
  }
}

}  // namespace
}  // namespace archfit::test
