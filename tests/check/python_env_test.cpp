// `check --python` on site-packages trees assembled at test time in a real virtual environment
// (python3 -m venv), from the real METADATA and version.py captured on the H200 machine
// (tests/data/python-envs/h200-torch-2.11, SOURCE.md there), with binaries built by
// make_check_fixtures.sh standing in for torch's libraries.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "check/install_consistency.hpp"
#include "check/python_env.hpp"
#include "support/test_support.hpp"

namespace archfit::check {
namespace {

namespace fs = std::filesystem;

fs::path captured() { return fs::path(ARCHFIT_SOURCE_DIR) / "tests/data/python-envs/h200-torch-2.11"; }

class Venv {
 public:
  Venv() : m_root(test::unique_temp_path("venv")) {
    fs::remove_all(m_root);
    auto made = test::run_command({"python3", "-m", "venv", "--without-pip", m_root.string()});
    EXPECT_EQ(made.exit_code, 0) << made.err;
    for (const auto& entry : fs::directory_iterator(m_root / "lib")) {
      m_site = entry.path() / "site-packages";
    }
  }
  ~Venv() { fs::remove_all(m_root); }
  std::string python() const { return (m_root / "bin/python").string(); }
  const fs::path& site() const { return m_site; }

  // Installs a distribution: its METADATA (optionally edited) and files, with a RECORD.
  void install(const std::string& dist_info, const std::string& metadata, const std::map<std::string, fs::path>& files) {
    fs::create_directories(m_site / dist_info);
    std::ofstream(m_site / dist_info / "METADATA") << metadata;
    std::ofstream record(m_site / dist_info / "RECORD");
    for (const auto& [relative, source] : files) {
      fs::create_directories((m_site / relative).parent_path());
      fs::copy_file(source, m_site / relative, fs::copy_options::overwrite_existing);
      record << relative << ",,\n";
    }
    record << dist_info << "/METADATA,,\n";
  }

 private:
  fs::path m_root;
  fs::path m_site;
};

std::string metadata(const std::string& dist_info) { return test::read_text(captured() / dist_info / "METADATA"); }

nlohmann::json check_python(const Venv& venv, const std::vector<std::string>& extra, int* exit_code) {
  std::vector<std::string> argv = {test::archfit_binary(), "check", "--python", venv.python(), "--json"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  auto result = test::run_command(argv);
  *exit_code = result.exit_code;
  auto json = nlohmann::json::parse(result.out, nullptr, false);
  EXPECT_FALSE(json.is_discarded()) << result.out << result.err;
  return json;
}

const nlohmann::json* consistency(const nlohmann::json& report, const std::string& id) {
  for (const auto& item : report["consistency"]) {
    if (item["id"] == id) {
      return &item;
    }
  }
  return nullptr;
}

TEST(PythonEnv, RealPinsAgree) {
  Venv venv;
  fs::path gpu = test::fixture_dir("check") / "gpu";
  venv.install("torch-2.11.0.dist-info", metadata("torch-2.11.0.dist-info"),
               {{"torch/lib/libtorch_cuda.so", gpu / "libsm90a.so"}, {"torch/version.py", captured() / "torch/version.py"}});
  venv.install("triton-3.6.0.dist-info", metadata("triton-3.6.0.dist-info"), {});
  venv.install("torchvision-0.26.0.dist-info", metadata("torchvision-0.26.0.dist-info"),
               {{"torchvision/_C.so", gpu / "libsm80.so"}});
  int exit_code = -1;
  auto report = check_python(venv, {"--target", "sm_90"}, &exit_code);
  ASSERT_EQ(report["packages"].size(), 3u);
  EXPECT_EQ(report["packages"][0]["name"], "torch");
  EXPECT_EQ(report["packages"][0]["torch_cuda"], "13.0");  // version.py: cuda = '13.0'
  const auto* triton = consistency(report, "triton-pin");
  ASSERT_NE(triton, nullptr);
  EXPECT_EQ((*triton)["status"], "pass");
  const auto* vision = consistency(report, "torch-pin");
  ASSERT_NE(vision, nullptr);
  EXPECT_EQ((*vision)["status"], "pass");
  // torch/lib carries sm_90a: native on 9.0; torchvision/_C.so only sm_80: no-code on 9.0.
  for (const auto& result : report["results"]) {
    std::string path = result["path"];
    EXPECT_EQ(result["verdict"], path.ends_with("libtorch_cuda.so") ? "native" : "no-code") << path;
  }
  EXPECT_EQ(exit_code, 1);
}

TEST(PythonEnv, DeliberatelyMismatchedPins) {
  Venv venv;
  fs::path gpu = test::fixture_dir("check") / "gpu";
  // torch's pin edited to triton==3.5.1 while triton 3.6.0 is installed; torchvision pinned to
  // another torch; and a second Triton distribution installed next to the first.
  std::string torch = std::regex_replace(metadata("torch-2.11.0.dist-info"), std::regex("triton==3\\.6\\.0"), "triton==3.5.1");
  venv.install("torch-2.11.0.dist-info", torch,
               {{"torch/lib/libtorch_cuda.so", gpu / "libsm90a.so"}, {"torch/version.py", captured() / "torch/version.py"}});
  venv.install("triton-3.6.0.dist-info", metadata("triton-3.6.0.dist-info"), {});
  std::string vision = std::regex_replace(metadata("torchvision-0.26.0.dist-info"), std::regex("torch \\(==2\\.11\\.0\\)"),
                                          "torch (==2.10.0)");
  venv.install("torchvision-0.26.0.dist-info", vision, {{"torchvision/_C.so", gpu / "libsm90a.so"}});
  std::string rocm_triton = std::regex_replace(metadata("triton-3.6.0.dist-info"), std::regex("Name: triton"),
                                               "Name: pytorch-triton-rocm");
  venv.install("pytorch_triton_rocm-3.6.0.dist-info", rocm_triton, {});
  int exit_code = -1;
  auto report = check_python(venv, {"--target", "sm_90"}, &exit_code);
  const auto* triton = consistency(report, "triton-pin");
  ASSERT_NE(triton, nullptr);
  EXPECT_EQ((*triton)["status"], "fail");
  EXPECT_EQ((*triton)["fix"], "pip install 'triton==3.5.1'");
  const auto* pin = consistency(report, "torch-pin");
  ASSERT_NE(pin, nullptr);
  EXPECT_EQ((*pin)["status"], "fail");
  EXPECT_NE((*pin)["message"].get<std::string>().find("torch==2.10.0"), std::string::npos);
  const auto* several = consistency(report, "several-tritons");
  ASSERT_NE(several, nullptr);
  EXPECT_EQ((*several)["status"], "fail");
  EXPECT_EQ(exit_code, 1);
}

TEST(PythonEnv, CudaTorchOnAmdGpusAndCpuOnlyTorch) {
  Venv venv;
  venv.install("torch-2.11.0.dist-info", metadata("torch-2.11.0.dist-info"),
               {{"torch/version.py", captured() / "torch/version.py"},
                {"torch/lib/libc10.so", "/usr/lib/x86_64-linux-gnu/libz.so.1"}});
  venv.install("triton-3.6.0.dist-info", metadata("triton-3.6.0.dist-info"), {});
  int exit_code = -1;
  auto report = check_python(venv, {"--target", "gfx942"}, &exit_code);
  const auto* flavour = consistency(report, "torch-flavour");
  ASSERT_NE(flavour, nullptr);
  EXPECT_EQ((*flavour)["status"], "fail");  // version.py says cuda = '13.0', hip = None
  // No GPU code in any of torch's libraries: host-only.
  ASSERT_FALSE(report["results"].empty());
  EXPECT_EQ(report["results"][0]["verdict"], "host-only");
  EXPECT_EQ(report["results"][0]["package"], "torch");
}

// PEP 440 / PEP 508 examples.
TEST(PythonEnv, RequirementsAndVersions) {
  auto pin = parse_requirement("triton==3.6.0; platform_system == \"Linux\"");
  ASSERT_TRUE(pin);
  EXPECT_EQ(pin->name, "triton");
  EXPECT_EQ(pin->specifier, "==3.6.0");
  auto old_style = parse_requirement("torch (==2.11.0)");
  ASSERT_TRUE(old_style);
  EXPECT_EQ(old_style->specifier, "==2.11.0");
  auto extras = parse_requirement("Flash_Attn[all] >=2.6, <3");
  ASSERT_TRUE(extras);
  EXPECT_EQ(extras->name, "flash-attn");
  EXPECT_EQ(extras->specifier, ">=2.6,<3");
  EXPECT_TRUE(version_satisfies("2.11.0+cu130", "==2.11.0"));   // local label ignored (PEP 440 "Version matching")
  EXPECT_FALSE(version_satisfies("2.11.0+cu130", "==2.11.0+cu128"));
  EXPECT_TRUE(version_satisfies("3.6.0", ">=3.5,<3.7"));
  EXPECT_FALSE(version_satisfies("3.7.0", ">=3.5,<3.7"));
  EXPECT_TRUE(version_satisfies("2.11.1", "==2.11.*"));
  EXPECT_FALSE(version_satisfies("2.12.0", "==2.11.*"));
  EXPECT_TRUE(version_satisfies("2.2.3", "~=2.2"));
  EXPECT_FALSE(version_satisfies("3.0", "~=2.2"));
  EXPECT_TRUE(version_satisfies("8.3.1", "!=8.3.*") == false);
  EXPECT_EQ(compare_versions("580.159.04", "580.65.06"), 1);
  EXPECT_EQ(normalize_distribution_name("PyTorch_Triton.ROCm"), "pytorch-triton-rocm");
}

}  // namespace
}  // namespace archfit::check

namespace archfit::check {
namespace {

// A ROCm torch keeps rocBLAS's kernels in torch/lib/rocblas/library (listed in its RECORD):
// `check --python` finds them next to torch/lib/librocblas.so and judges them per target.
TEST(PythonEnv, RocmTorchRocblasKernelDirectory) {
  Venv venv;
  fs::path rocm = test::fixture_dir("check") / "rocm/lib";
  std::map<std::string, fs::path> files{{"torch/lib/librocblas.so", rocm / "librocblas.so.4"},
                                        {"torch/version.py", captured() / "torch/version.py"}};
  for (const auto& entry : fs::directory_iterator(rocm / "rocblas/library")) {
    files["torch/lib/rocblas/library/" + entry.path().filename().string()] = entry.path();
  }
  venv.install("torch-2.11.0.dist-info", metadata("torch-2.11.0.dist-info"), files);
  int exit_code = -1;
  auto report = check_python(venv, {"--target", "gfx942,gfx1031"}, &exit_code);
  std::string directory = (venv.site() / "torch/lib/rocblas/library").string();
  std::map<std::string, std::string> verdicts;
  for (const auto& result : report["results"]) {
    if (result["path"] == directory) {
      EXPECT_EQ(result["package"], "torch");
      verdicts[result["target"]] = result["verdict"];
    }
  }
  EXPECT_EQ(verdicts["gfx942"], "native");   // TensileLibrary_lazy_gfx942.dat and a gfx942 code object
  EXPECT_EQ(verdicts["gfx1031"], "no-code");  // neither: "rocBLAS error: Cannot read …"
  EXPECT_EQ(exit_code, 1);
}

}  // namespace
}  // namespace archfit::check
