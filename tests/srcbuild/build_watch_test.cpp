// build/build_watch: ninja's [N/M] lines from a real ninja run, and the arch lines of real public
// build logs (tests/data/logs, sources in INDEX.tsv) judged against requested targets.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "srcbuild/build_watch.hpp"
#include "support/test_support.hpp"

namespace archfit::build {
namespace {

namespace fs = std::filesystem;

std::string log_line(const std::string& log, const std::string& containing) {
  std::ifstream in(std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/logs/" + log);
  for (std::string line; std::getline(in, line);) {
    if (line.find(containing) != std::string::npos) {
      return line;
    }
  }
  ADD_FAILURE() << log << ": no line with " << containing;
  return {};
}

TEST(BuildWatch, NinjaStatusOfARealBuild) {
  auto dir = test::unique_temp_path("archfit-build-ninja");
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "CMakeLists.txt") << "cmake_minimum_required(VERSION 3.20)\nproject(p CXX)\n"
                                           "add_executable(p a.cpp b.cpp c.cpp)\n";
  std::ofstream(dir / "a.cpp") << "int a() { return 1; }\n";
  std::ofstream(dir / "b.cpp") << "int b() { return 2; }\n";
  std::ofstream(dir / "c.cpp") << "int a(); int b(); int main() { return a() + b(); }\n";
  auto configure = test::run_command({"cmake", "-S", dir.string(), "-B", (dir / "b").string(), "-G", "Ninja"});
  ASSERT_EQ(configure.exit_code, 0) << configure.err;
  // ninja's own count of the commands it will run (the oracle for M).
  auto commands = test::run_command({"ninja", "-C", (dir / "b").string(), "-t", "commands"});
  auto expected_total = test::lines(commands.out).size();
  auto build = test::run_command({"ninja", "-C", (dir / "b").string()});
  ASSERT_EQ(build.exit_code, 0);
  BuildWatch watch({});
  std::uint64_t statuses = 0;
  for (const auto& line : test::lines(build.out)) {
    if (parse_ninja_status(line)) {
      ++statuses;
    }
    watch.feed(line);
  }
  EXPECT_EQ(statuses, expected_total);
  EXPECT_EQ(watch.progress().done, expected_total);
  EXPECT_EQ(watch.progress().total, expected_total);
  fs::remove_all(dir);
}

TEST(BuildWatch, StatusLinesAndEta) {
  auto status = parse_ninja_status("[12/345] Building CXX object caffe2/CMakeFiles/torch_cpu.dir/x.cpp.o");
  ASSERT_TRUE(status);
  EXPECT_EQ(status->done, 12u);
  EXPECT_EQ(status->total, 345u);
  EXPECT_FALSE(parse_ninja_status("[x/3] no"));
  EXPECT_FALSE(parse_ninja_status("[5/3] done more than total"));
  EXPECT_FALSE(parse_ninja_status("some text [1/2] later in the line"));
  EXPECT_FALSE(parse_ninja_status("[99999999999999999999/1]"));
  Progress half{50, 100, "compile", ""};
  EXPECT_EQ(eta(half, std::chrono::seconds(30))->count(), 30);
  EXPECT_FALSE(eta(Progress{}, std::chrono::seconds(3)));
}

TEST(BuildWatch, PyTorchArchLineOfARealLog) {
  // vllm-project/vllm#22590: torch was configured for gfx1030.
  auto line = log_line("arch-detect/vllm-docker-build-amdgpu-arch-failed.log", "Building PyTorch for GPU arch:");
  auto arch = parse_arch_line(line);
  ASSERT_TRUE(arch);
  EXPECT_TRUE(arch->declaration);
  EXPECT_EQ(arch->archs, (std::set<std::string>{"gfx1030"}));
  BuildWatch agree({"gfx1030"});
  EXPECT_FALSE(agree.feed(line));
  EXPECT_EQ(agree.arch_lines_agreeing(), 1u);
  BuildWatch disagree({"gfx942:sramecc+:xnack-"});
  EXPECT_TRUE(disagree.feed(line));
  ASSERT_TRUE(disagree.disagreement());
  EXPECT_EQ(disagree.disagreement()->second.missing, std::vector<std::string>{"gfx942"});
  EXPECT_EQ(disagree.disagreement()->second.extra, std::vector<std::string>{"gfx1030"});
  // A CUDA build is not judged by a gfx line.
  BuildWatch cuda({"sm_90"});
  EXPECT_FALSE(cuda.feed(line));
}

TEST(BuildWatch, CudaFlagsLineOfARealLog) {
  // The six -gencode pairs CMake's select_compute_arch printed (INDEX.tsv names the issue).
  auto line = log_line("compiler-version/libtorch-cmake-default-compute-35-cuda12.log", "Added CUDA NVCC flags for:");
  auto arch = parse_arch_line(line);
  ASSERT_TRUE(arch);
  EXPECT_EQ(arch->archs, (std::set<std::string>{"sm_35", "sm_50", "sm_80", "sm_86", "sm_89", "sm_90"}));
  BuildWatch watch({"9.0"});
  EXPECT_TRUE(watch.feed(line));  // TORCH_CUDA_ARCH_LIST=9.0 did not take effect: five more archs
  EXPECT_TRUE(watch.disagreement()->second.missing.empty());
  EXPECT_EQ(watch.disagreement()->second.extra.size(), 5u);
}

TEST(BuildWatch, CompileLinesMustIncludeTheTargets) {
  // The forms nvcc and hipcc take (nvcc --help: --generate-code, -gencode; clang: --offload-arch).
  auto nvcc = parse_arch_line("/usr/local/cuda/bin/nvcc -c x.cu -gencode arch=compute_80,code=sm_80 "
                              "--generate-code=arch=compute_90,code=[compute_90,sm_90] -o x.o");
  ASSERT_TRUE(nvcc);
  EXPECT_FALSE(nvcc->declaration);
  EXPECT_EQ(nvcc->archs, (std::set<std::string>{"sm_80", "sm_90"}));
  EXPECT_TRUE(judge_arch_line(*nvcc, {"sm_90"}).agrees);
  EXPECT_FALSE(judge_arch_line(*nvcc, {"sm_100"}).agrees);
  auto hip = parse_arch_line("/usr/bin/hipcc --offload-arch=gfx90a --offload-arch=gfx942 -c k.hip");
  ASSERT_TRUE(hip);
  EXPECT_EQ(hip->archs, (std::set<std::string>{"gfx90a", "gfx942"}));
  EXPECT_FALSE(parse_arch_line("-- The CXX compiler identification is GNU 12.2.0"));
  EXPECT_EQ(arch_key(std::string_view("8.6+PTX").substr(0, 3)), "sm_86");
  EXPECT_EQ(arch_key("90a"), "sm_90a");
  EXPECT_EQ(arch_key("gfx942:xnack-"), "gfx942");
  EXPECT_EQ(arch_key("native"), "");
}

}  // namespace
}  // namespace archfit::build
