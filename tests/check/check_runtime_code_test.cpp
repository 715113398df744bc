// `check` on GPU code that is not simply "in the fatbin": relocatable device code (__nv_relfatbin,
// which the runtime never loads from a linked file; cuobjdump lists it only with -all), libraries
// that compile kernels at run time (opaque), and rocBLAS / hipBLASLt kernel directories (their
// lookup as the upstream code does it, data/kernel_library_dirs.tsv). Fixtures:
// tests/fixtures/check/make_check_fixtures.sh (nvcc, clang 19, cuobjdump, llvm-readelf).
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

fs::path check_fixture(const std::string& relative) { return fixture_dir("check") / relative; }

nlohmann::json check_json(const std::vector<std::string>& args, int* exit_code = nullptr) {
  std::vector<std::string> argv = {"check"};
  argv.insert(argv.end(), args.begin(), args.end());
  argv.push_back("--json");
  return run_archfit_json(argv, exit_code);
}

const nlohmann::json* result_for(const nlohmann::json& report, const std::string& path, const std::string& target) {
  for (const auto& result : report["results"]) {
    if (result["path"] == path && result["target"] == target) {
      return &result;
    }
  }
  return nullptr;
}

std::string verdict(const nlohmann::json& report, const std::string& path, const std::string& target) {
  const auto* result = result_for(report, path, target);
  return result == nullptr ? "(none)" : (*result)["verdict"].get<std::string>();
}

// "ELF file    1: librdc_linked.1.sm_90.cubin" → "sm_90"; "PTX file    1: x.1.sm_90.ptx" → "sm_90".
std::vector<std::string> cuobjdump_targets(const std::string& listing) {
  std::vector<std::string> targets;
  std::regex line(R"((ELF|PTX) file\s+\d+: .*\.(sm_[0-9]+[af]?)\.(cubin|ptx))");
  std::istringstream in(listing);
  for (std::string text; std::getline(in, text);) {
    std::smatch match;
    if (std::regex_search(text, match, line)) {
      targets.push_back(match[2]);
    }
  }
  return targets;
}

TEST(CheckRuntimeCode, RelocatableEntriesAreMarkedAndCountedApartAsCuobjdumpAllShows) {
  std::string lib = check_fixture("gpu/librdc_linked.so").string();
  auto oracle = [&](const std::string& name) { return cuobjdump_targets(read_text(check_fixture("oracle/" + name))); };
  auto loadable_elf = oracle("librdc_linked.so.list-elf");
  auto loadable_ptx = oracle("librdc_linked.so.list-ptx");
  auto all_elf = oracle("librdc_linked.so.list-elf.all");
  auto all_ptx = oracle("librdc_linked.so.list-ptx.all");
  ASSERT_FALSE(loadable_elf.empty());
  ASSERT_GT(all_elf.size() + all_ptx.size(), loadable_elf.size() + loadable_ptx.size());  // the fixture has relfatbin

  auto report = run_archfit_json({"scan", lib});
  ASSERT_EQ(report["files"].size(), 1u);
  std::size_t loadable = 0;
  std::size_t relocatable = 0;
  for (const auto& code : report["files"][0]["gpu_code"]) {
    bool is_relocatable = code.value("relocatable", false);
    (is_relocatable ? relocatable : loadable) += 1;
    auto bundle = code["bundle"].get<int>();
    EXPECT_EQ(report["files"][0]["bundles"][bundle]["section"], is_relocatable ? "__nv_relfatbin" : ".nv_fatbin");
  }
  // cuobjdump without -all lists what the runtime loads (.nv_fatbin); -all adds __nv_relfatbin.
  EXPECT_EQ(loadable, loadable_elf.size() + loadable_ptx.size());
  EXPECT_EQ(relocatable, all_elf.size() + all_ptx.size() - loadable);
  auto text = run_command({archfit_binary(), "scan", lib});
  EXPECT_NE(text.out.find(std::to_string(relocatable) + " relocatable (__nv_relfatbin)"), std::string::npos) << text.out;
}

TEST(CheckRuntimeCode, RunVerdictsFollowTheLoadableFatbinOnly) {
  std::string lib = check_fixture("gpu/librdc_linked.so").string();
  auto loadable_ptx = cuobjdump_targets(read_text(check_fixture("oracle/librdc_linked.so.list-ptx")));
  auto all_ptx = cuobjdump_targets(read_text(check_fixture("oracle/librdc_linked.so.list-ptx.all")));
  // PTX exists only in __nv_relfatbin: counting it would say "jit" on sm_100.
  ASSERT_TRUE(loadable_ptx.empty());
  ASSERT_FALSE(all_ptx.empty());
  int exit_code = -1;
  auto report = check_json({"--target", "sm_90,sm_100", lib}, &exit_code);
  EXPECT_EQ(verdict(report, lib, "sm_90"), "native");
  EXPECT_EQ(verdict(report, lib, "sm_100"), "no-code");
  const auto* result = result_for(report, lib, "sm_100");
  ASSERT_NE(result, nullptr);
  EXPECT_NE((*result)["reason"].get<std::string>().find("relocatable"), std::string::npos);
  EXPECT_EQ(exit_code, 1);
}

TEST(CheckRuntimeCode, RuntimeCompilerInDtNeededMakesNoCodeOpaque) {
  std::string lib = check_fixture("gpu/libsm80_nvrtc.so").string();
  ASSERT_NE(read_text(check_fixture("oracle/libsm80_nvrtc.so.needed")).find("[libnvrtc.so.13]"), std::string::npos);
  int exit_code = -1;
  auto report = check_json({"--target", "sm_86,sm_90", lib}, &exit_code);
  EXPECT_EQ(verdict(report, lib, "sm_86"), "native");  // sm_80 SASS runs on 8.6
  EXPECT_EQ(verdict(report, lib, "sm_90"), "opaque");
  const auto* result = result_for(report, lib, "sm_90");
  ASSERT_NE(result, nullptr);
  EXPECT_NE((*result)["reason"].get<std::string>().find("libnvrtc.so.13"), std::string::npos);
  EXPECT_NE((*result)["reason"].get<std::string>().find("sm_80"), std::string::npos);
  // opaque is not a failure (nothing known is wrong); the same sm_80 library without NVRTC is.
  bool load_ok = true;
  for (const auto& load : report["load"]) {
    load_ok = load_ok && load["problems"].empty();
  }
  if (load_ok) {
    EXPECT_EQ(exit_code, 0);
  }
  auto plain = check_json({"--target", "sm_90", check_fixture("gpu/libsm80.so").string()});
  EXPECT_EQ(verdict(plain, check_fixture("gpu/libsm80.so").string(), "sm_90"), "no-code");
}

// The oracle: which processor llvm-readelf / clang-offload-bundler reads from each code object.
std::map<std::string, std::map<std::string, std::string>> kernel_directory_oracle() {
  std::map<std::string, std::map<std::string, std::string>> machs;  // directory → file → processors
  std::istringstream in(read_text(check_fixture("oracle/kernel-dirs.mach")));
  for (std::string line; std::getline(in, line);) {
    auto first = line.find('\t');
    auto second = line.find('\t', first + 1);
    if (first == std::string::npos || second == std::string::npos) {
      continue;
    }
    machs[line.substr(0, first)][line.substr(first + 1, second - first - 1)] = line.substr(second + 1);
  }
  return machs;
}

// The rule of rocBLAS / hipBLASLt (tensile_host.cpp): an index for the processor, and code objects
// named *<processor>*co; they run when the code in them is for that processor.
std::string expected_verdict(const fs::path& directory, const std::string& index, const std::string& processor,
                             const std::map<std::string, std::string>& machs) {
  if (!fs::exists(directory / index)) {
    return "no-code";
  }
  for (const auto& [file, mach] : machs) {
    bool named = file.find(processor) != std::string::npos && file.ends_with("co");
    std::set<std::string> processors;
    std::stringstream list(mach);
    for (std::string item; std::getline(list, item, ',');) {
      processors.insert(item);
    }
    if (named && processors.count(processor) != 0) {
      return "native";
    }
  }
  return "no-code";
}

TEST(CheckRuntimeCode, RocblasAndHipblasltKernelDirectoriesGetAVerdictPerTarget) {
  auto machs = kernel_directory_oracle();
  ASSERT_EQ(machs.size(), 2u);
  fs::path lib_dir = check_fixture("rocm/lib");
  int exit_code = -1;
  auto report = check_json({"--target", "gfx90a,gfx942,gfx1030,gfx1031", lib_dir.string()}, &exit_code);
  std::string rocblas = (lib_dir / "rocblas/library").string();
  std::string hipblaslt = (lib_dir / "hipblaslt/library").string();
  for (const std::string processor : {"gfx90a", "gfx942", "gfx1030", "gfx1031"}) {
    EXPECT_EQ(verdict(report, rocblas, processor),
              expected_verdict(rocblas, "TensileLibrary_lazy_" + processor + ".dat", processor, machs["rocblas"]))
        << processor;
  }
  // The names alone would say gfx1030 is there; the code object is for gfx1031.
  EXPECT_EQ(verdict(report, rocblas, "gfx1030"), "no-code");
  EXPECT_EQ(verdict(report, rocblas, "gfx942"), "native");
  const auto* missing = result_for(report, rocblas, "gfx1031");
  ASSERT_NE(missing, nullptr);
  EXPECT_NE((*missing)["reason"].get<std::string>().find("rocBLAS error: Cannot read " + rocblas +
                                                          "/TensileLibrary.dat"),
            std::string::npos)
      << (*missing)["reason"];
  EXPECT_NE((*missing)["reason"].get<std::string>().find("for GPU arch : gfx1031"), std::string::npos);
  EXPECT_EQ(verdict(report, hipblaslt, "gfx942"), "native");
  EXPECT_EQ(verdict(report, hipblaslt, "gfx90a"), "no-code");
  // The loose code objects of those directories are judged as the directory, not one by one.
  for (const auto& result : report["results"]) {
    EXPECT_FALSE(result["path"].get<std::string>().starts_with(rocblas + "/")) << result["path"];
  }
  EXPECT_EQ(exit_code, 1);
}

// A wheel holding the libraries and their kernel directories (the fixture's upstream layout under
// rocmlibs/lib/) gets the same verdict per directory and target as unzip's extraction of it, and
// the oracle's (llvm-readelf / clang-offload-bundler on each code object).
TEST(CheckRuntimeCode, KernelDirectoriesInsideAWheelGiveTheVerdictsOfTheExtractedTree) {
  auto machs = kernel_directory_oracle();
  std::string wheel = check_fixture("rocm/kernels.whl").string();
  fs::path extracted = check_fixture("rocm/kernels-extracted");
  const std::string targets = "gfx90a,gfx942,gfx1030,gfx1031,gfx90a:xnack+";
  auto from_wheel = check_json({"--target", targets, wheel});
  auto from_tree = check_json({"--target", targets, extracted.string()});
  // directory (relative to rocmlibs/lib) → target → verdict
  using Verdicts = std::map<std::string, std::map<std::string, std::string>>;
  auto kernel_verdicts = [](const nlohmann::json& report, const std::string& prefix, bool in_wheel) {
    Verdicts verdicts;
    for (const auto& result : report["results"]) {
      bool has_member = result.contains("member") && result["member"].is_string();
      std::string where = !in_wheel ? result["path"].get<std::string>()
                          : has_member ? result["member"].get<std::string>()
                                       : std::string();
      if (where.starts_with(prefix) && where.ends_with("/library")) {
        verdicts[where.substr(prefix.size())][result["target"]] = result["verdict"];
      }
    }
    return verdicts;
  };
  Verdicts wheel_verdicts = kernel_verdicts(from_wheel, "rocmlibs/lib/", true);
  Verdicts tree_verdicts = kernel_verdicts(from_tree, (extracted / "rocmlibs/lib/").string(), false);
  ASSERT_EQ(wheel_verdicts.size(), 2u) << from_wheel.dump(1);
  EXPECT_EQ(wheel_verdicts, tree_verdicts);
  for (const std::string processor : {"gfx90a", "gfx942", "gfx1030", "gfx1031"}) {
    EXPECT_EQ(wheel_verdicts["rocblas/library"][processor],
              expected_verdict(extracted / "rocmlibs/lib/rocblas/library",
                               "TensileLibrary_lazy_" + processor + ".dat", processor, machs["rocblas"]))
        << processor;
    EXPECT_EQ(wheel_verdicts["hipblaslt/library"][processor],
              expected_verdict(extracted / "rocmlibs/lib/hipblaslt/library",
                               "TensileLibrary_lazy_" + processor + ".dat", processor, machs["hipblaslt"]))
        << processor;
  }
  // Every result of the wheel, per member and target, equals the extracted file's (the loose code
  // objects of the directories are judged as the directory in both).
  std::map<std::string, std::string> wheel_all;
  std::map<std::string, std::string> tree_all;
  for (const auto& result : from_wheel["results"]) {
    if (result.contains("member") && result["member"].is_string()) {
      wheel_all[result["member"].get<std::string>() + " " + result["target"].get<std::string>()] = result["verdict"];
    }
  }
  std::string tree_prefix = extracted.string() + "/";
  for (const auto& result : from_tree["results"]) {
    std::string path = result["path"];
    if (path.starts_with(tree_prefix)) {
      tree_all[path.substr(tree_prefix.size()) + " " + result["target"].get<std::string>()] = result["verdict"];
    }
  }
  EXPECT_EQ(wheel_all, tree_all);
}

TEST(CheckRuntimeCode, KernelDirectoryFromTheEnvironmentAndXnackMode) {
  fs::path lib_dir = check_fixture("rocm/lib");
  std::string library = (lib_dir / "librocblas.so.4").string();
  // ROCBLAS_TENSILE_LIBPATH replaces the directory next to the library, as rocBLAS does.
  auto moved = run_command({"/usr/bin/env", "ROCBLAS_TENSILE_LIBPATH=" + (lib_dir / "hipblaslt/library").string(),
                            archfit_binary(), "check", "--target", "gfx942,gfx90a", library, "--json"});
  auto report = nlohmann::json::parse(moved.out);
  EXPECT_EQ(verdict(report, (lib_dir / "hipblaslt/library").string(), "gfx942"), "native");
  EXPECT_EQ(verdict(report, (lib_dir / "hipblaslt/library").string(), "gfx90a"), "no-code");
  // xnack+ skips the -xnack- code object and still finds gfx90a code (the bare .co, any mode).
  auto xnack = check_json({"--target", "gfx90a:xnack+", library});
  EXPECT_EQ(verdict(xnack, (lib_dir / "rocblas/library").string(), "gfx90a:xnack+"), "native");
}

// MIOpen's lookup (data/miopen_kernel_dbs.tsv cites binary_cache.cpp, handle.hpp and
// target_properties.cpp): <db_id><CUs>.kdb, else <db_id>.kdb, else compile at first use. The id is
// the processor plus "_nosramecc" (gfx906/gfx908 with SRAMECC off) and "_xnack" (XNACK on); a
// --target carries no CU count, so a CU-specific database alone cannot be counted on. The
// fixture's databases: gfx90a.kdb, gfx942130.kdb (304 CUs), gfx906_60.kdb, gfx906_nosramecc.kdb.
TEST(CheckRuntimeCode, MiopenKernelDatabasesGiveNativeOrJitNeverNoCode) {
  fs::path library = check_fixture("rocm/lib/libMIOpen.so.1");
  std::string db = check_fixture("rocm/share/miopen/db").lexically_normal().string();
  auto report =
      check_json({"--target", "gfx90a,gfx90a:xnack+,gfx942,gfx906,gfx906:sramecc-,gfx1030", library.string()});
  const std::map<std::string, std::string> expected = {
      {"gfx90a", "native"},           // gfx90a.kdb
      {"gfx90a:xnack+", "jit"},       // id gfx90a_xnack: no gfx90a_xnack*.kdb
      {"gfx942", "jit"},              // only gfx942130.kdb, for 304 CUs
      {"gfx906", "jit"},              // only gfx906_60.kdb; gfx906_nosramecc.kdb is for SRAMECC off
      {"gfx906:sramecc-", "native"},  // id gfx906_nosramecc
      {"gfx1030", "jit"},             // nothing
  };
  for (const auto& [target, want] : expected) {
    EXPECT_EQ(verdict(report, db, target), want) << target << "\n" << report.dump(1);
  }
  const auto* per_cu = result_for(report, db, "gfx942");
  ASSERT_NE(per_cu, nullptr);
  EXPECT_NE((*per_cu)["reason"].get<std::string>().find("gfx942130.kdb"), std::string::npos) << (*per_cu)["reason"];
  // MIOPEN_SYSTEM_DB_PATH replaces the directory, as MIOpen's GetSystemDbPath does.
  auto moved = run_command({"/usr/bin/env", "MIOPEN_SYSTEM_DB_PATH=" + check_fixture("rocm/lib").string(),
                            archfit_binary(), "check", "--target", "gfx90a", library.string(), "--json"});
  auto elsewhere = nlohmann::json::parse(moved.out);
  EXPECT_EQ(verdict(elsewhere, check_fixture("rocm/lib").string(), "gfx90a"), "jit");
}

}  // namespace
}  // namespace archfit::test
