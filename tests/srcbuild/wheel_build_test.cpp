// `archfit build --wheel` on the small projects of tests/srcbuild/projects (CMake+Ninja, packaged by
// scikit-build-core through `pip wheel --no-build-isolation`), with the real compilers: Debian's
// hipcc for gfx targets, nvcc for sm_90. Success: progress from ninja's lines, the arch confirmed from
// the compile lines, and `check` on the produced wheel against the requested targets, its JSON next
// to the wheel; the oracles are roc-obj-ls and cuobjdump on the library inside the wheel.
// Failures, each real: a host compiler too new for nvcc (zig's clang 22, from PyPI's ziglang; nvcc
// 13.0's host_config.h accepts clang < 21), a missing header (CUTLASS's, a submodule elsewhere, not installed), a wrong arch
// list (CMake's CUDAARCHS left in the environment wins over the requested sm_90: stopped at the first
// compile line), and Ctrl-C in the middle of pip -> scikit-build-core -> CMake -> ninja.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include "support/proc_processes.hpp"
#include "support/test_support.hpp"

extern char** environ;

namespace archfit::build {
namespace {

namespace fs = std::filesystem;

std::string nvcc() {
  const char* from_env = std::getenv("NVCC");  // scripts/test.sh sets it (the toolkit's or PyPI's nvcc)
  return from_env != nullptr && *from_env != '\0' ? from_env : "/usr/local/cuda/bin/nvcc";
}

// A copy of a project of tests/srcbuild/projects in a temporary directory (the build writes dist/,
// the log and scikit-build-core's files there), removed at the end.
class ProjectCopy {
 public:
  explicit ProjectCopy(const std::string& name) : m_dir(test::unique_temp_path("archfit-wheel-" + name)) {
    fs::remove_all(m_dir);
    fs::copy(fs::path(ARCHFIT_SOURCE_DIR) / "tests/srcbuild/projects" / name, m_dir, fs::copy_options::recursive);
  }
  ~ProjectCopy() { fs::remove_all(m_dir); }
  const fs::path& dir() const { return m_dir; }
  void prepend(const std::string& file, const std::string& text) const {
    std::string old = test::read_text(m_dir / file);
    std::ofstream(m_dir / file) << text << old;
  }

 private:
  fs::path m_dir;
};

// archfit build --wheel --json with extra environment variables for archfit (and so the build).
test::CommandResult build_wheel(const ProjectCopy& project, const std::string& targets,
                                const std::vector<std::string>& environment = {}) {
  std::vector<std::string> argv = {"/usr/bin/env"};
  argv.insert(argv.end(), environment.begin(), environment.end());
  for (const std::string& arg : {test::archfit_binary(), std::string("build"), std::string("--src"),
                                 project.dir().string(), std::string("--target"), targets, std::string("--wheel"),
                                 std::string("--force"), std::string("--json")}) {
    argv.push_back(arg);
  }
  return test::run_command(argv);
}

nlohmann::json parse(const test::CommandResult& result) {
  auto json = nlohmann::json::parse(result.out, nullptr, false);
  EXPECT_FALSE(json.is_discarded()) << result.out << "\n" << result.err.substr(0, 4000);
  return json.is_discarded() ? nlohmann::json::object() : json;
}

// The wheel's members unpacked by unzip (a real tool, not archfit's zip reader).
fs::path unpack(const std::string& wheel, const fs::path& into) {
  fs::create_directories(into);
  auto unzip = test::run_command({"unzip", "-q", "-o", wheel, "-d", into.string()});
  EXPECT_EQ(unzip.exit_code, 0) << unzip.err;
  return into;
}

bool has_ninja_total(const std::string& text) {
  // "[N/N]": ninja's last status line of a step, as a plain progress line.
  for (const auto& line : test::lines(text)) {
    auto open = line.find('[');
    auto slash = line.find('/', open);
    auto close = line.find(']', open);
    if (open != std::string::npos && slash != std::string::npos && close != std::string::npos && open < 8 &&
        slash < close && line.substr(open + 1, slash - open - 1) == line.substr(slash + 1, close - slash - 1) &&
        slash > open + 1) {
      return true;
    }
  }
  return false;
}

std::set<std::string> explain_ids(const nlohmann::json& json) {
  std::set<std::string> ids;
  if (json.contains("explain")) {
    for (const auto& id : json["explain"]) {
      ids.insert(id.get<std::string>());
    }
  }
  return ids;
}

TEST(WheelBuild, HipProjectThroughScikitBuildCoreIsCheckedNative) {
  ProjectCopy project("hip_wheel");
  auto result = build_wheel(project, "gfx90a,gfx1030");
  auto json = parse(result);
  ASSERT_EQ(result.exit_code, 0) << result.err.substr(0, 6000);
  EXPECT_EQ(json["recipe"], "*");
  EXPECT_EQ(json["backend"], "rocm");
  EXPECT_EQ(json["succeeded"], true);
  // Progress: pip's and CMake's phases and ninja's status lines, shown as plain lines on a pipe.
  EXPECT_TRUE(has_ninja_total(result.err)) << result.err.substr(0, 4000);
  EXPECT_NE(result.err.find("Building wheel for archfit-hip-demo"), std::string::npos) << result.err.substr(0, 4000);
  EXPECT_NE(result.err.find("-- Configuring done"), std::string::npos) << result.err.substr(0, 4000);
  // The arch lines: the project's declaration and hipcc's compile line, both agreeing.
  bool declaration = false;
  bool compile = false;
  for (const auto& line : json["arch_lines"]) {
    declaration = declaration || line.get<std::string>().find("HIP architectures: gfx90a;gfx1030") != std::string::npos;
    compile = compile || (line.get<std::string>().find("--offload-arch=gfx90a") != std::string::npos &&
                          line.get<std::string>().find("--offload-arch=gfx1030") != std::string::npos);
  }
  EXPECT_TRUE(declaration) << json["arch_lines"].dump();
  EXPECT_TRUE(compile) << json["arch_lines"].dump();
  EXPECT_GE(json["arch_lines_agreeing"].get<int>(), 2);
  EXPECT_NE(result.err.find("arch line: agrees with the targets"), std::string::npos) << result.err.substr(0, 4000);
  bool arch_line_passed = false;
  for (const auto& finding : json["findings"]) {
    if (finding["id"] == "build.arch-line" && finding["status"] == "pass") {
      arch_line_passed = true;
      // the rule and its source come from data/build_findings.tsv, not from the code
      EXPECT_TRUE(finding["rule"].is_string() && finding["source"].is_string()) << finding.dump();
    }
  }
  EXPECT_TRUE(arch_line_passed) << json["findings"].dump();
  // The wheel and the report next to it.
  std::string wheel = json["wheel"];
  EXPECT_EQ(fs::path(wheel).parent_path(), project.dir() / "dist");
  ASSERT_TRUE(fs::exists(wheel));
  auto report = nlohmann::json::parse(test::read_text(wheel + ".archfit.json"), nullptr, false);
  ASSERT_FALSE(report.is_discarded());
  EXPECT_EQ(report["schema"], "archfit.build/1");
  EXPECT_EQ(report["check_exit_code"], 0);
  ASSERT_TRUE(report["check"].is_object());
  EXPECT_EQ(report["check"]["schema"], "archfit.check/1");
  // The oracle: roc-obj-ls lists the code objects in the library inside the wheel.
  auto unpacked = unpack(wheel, project.dir() / "unpacked");
  auto library = unpacked / "archfit_hip_demo/libhip_scale.so";
  ASSERT_TRUE(fs::exists(library));
  auto listed = test::run_command({"roc-obj-ls", library.string()});
  std::set<std::string> oracle;
  for (const auto& line : test::lines(listed.out)) {
    auto at = line.find("amdgcn-amd-amdhsa--");
    if (at != std::string::npos) {
      auto gfx = line.substr(at + 19);
      oracle.insert(gfx.substr(0, gfx.find_first_of(" \t:")));
    }
  }
  EXPECT_EQ(oracle, (std::set<std::string>{"gfx1030", "gfx90a"})) << listed.out;
  std::set<std::string> native;
  for (const auto& row : report["check"]["results"]) {
    EXPECT_EQ(row["member"], "archfit_hip_demo/libhip_scale.so");
    if (row["verdict"] == "native" && oracle.count(row["matched"].get<std::string>()) != 0) {
      native.insert(row["target"].get<std::string>());
    }
  }
  EXPECT_EQ(native, oracle) << report["check"]["results"].dump();
  // --json prints the same report as the file next to the wheel.
  EXPECT_EQ(json["check"], report["check"]);
}

TEST(WheelBuild, CudaProjectThroughScikitBuildCoreIsCheckedNative) {
  ProjectCopy project("cuda_wheel");
  auto result = build_wheel(project, "sm_90", {"CUDACXX=" + nvcc()});
  auto json = parse(result);
  ASSERT_EQ(result.exit_code, 0) << result.err.substr(0, 6000);
  EXPECT_EQ(json["backend"], "cuda");
  EXPECT_TRUE(has_ninja_total(result.err)) << result.err.substr(0, 4000);
  bool compile = false;
  for (const auto& line : json["arch_lines"]) {
    compile = compile || line.get<std::string>().find("code=[sm_90]") != std::string::npos;
  }
  EXPECT_TRUE(compile) << json["arch_lines"].dump();
  std::string wheel = json["wheel"];
  ASSERT_TRUE(fs::exists(wheel + ".archfit.json"));
  auto report = nlohmann::json::parse(test::read_text(wheel + ".archfit.json"), nullptr, false);
  ASSERT_FALSE(report.is_discarded());
  EXPECT_EQ(report["check_exit_code"], 0);
  // The oracle: cuobjdump --list-elf on the library inside the wheel ("ELF file 1: ....sm_90.cubin").
  auto unpacked = unpack(wheel, project.dir() / "unpacked");
  auto library = unpacked / "archfit_cuda_demo/libcuda_scale.so";
  auto finder = test::run_command(
      {"bash", "-c", "source \"$0\" && find_cuobjdump", std::string(ARCHFIT_SOURCE_DIR) + "/tests/fixtures/find_cuobjdump.sh"});
  ASSERT_EQ(finder.exit_code, 0) << finder.err;
  auto listed = test::run_command({test::lines(finder.out).at(0), "--list-elf", library.string()});
  std::set<std::string> oracle;
  for (const auto& line : test::lines(listed.out)) {
    auto at = line.find(".sm_");
    if (at != std::string::npos) {
      oracle.insert(line.substr(at + 1, line.find(".cubin") - at - 1));
    }
  }
  EXPECT_EQ(oracle, std::set<std::string>{"sm_90"}) << listed.out;
  ASSERT_EQ(report["check"]["results"].size(), 1u) << report["check"].dump();
  const auto& row = report["check"]["results"][0];
  EXPECT_EQ(row["member"], "archfit_cuda_demo/libcuda_scale.so");
  EXPECT_EQ(row["target"], "sm_90");
  EXPECT_EQ(row["verdict"], "native");
  EXPECT_TRUE(oracle.count(row["matched"].get<std::string>()) == 1) << row.dump();
}

TEST(WheelBuild, AHostCompilerTooNewForNvccIsDiagnosed) {
  // zig's bundled clang (PyPI ziglang, scripts/tools.tsv) as CMake's CUDA host compiler: newer than
  // nvcc's host_config.h accepts. The wrapper is named clang++ so that nvcc treats it as clang.
  auto zig = test::run_command({"python3", "-c", "import ziglang, os; print(os.path.join(os.path.dirname(ziglang.__file__), 'zig'))"});
  ASSERT_EQ(zig.exit_code, 0) << zig.err;
  ProjectCopy project("cuda_wheel");
  auto wrapper = project.dir() / "host-compiler/clang++";
  fs::create_directories(wrapper.parent_path());
  std::ofstream(wrapper) << "#!/bin/sh\nexec '" << test::lines(zig.out).at(0) << "' c++ \"$@\"\n";
  fs::permissions(wrapper, fs::perms::owner_all);
  // The oracle for "too new": the wrapper's own version against the limit nvcc's header states.
  auto version = test::run_command({wrapper.string(), "--version"});
  auto at = version.out.find("clang version ");
  ASSERT_NE(at, std::string::npos) << version.out;
  int major = std::atoi(version.out.c_str() + at + 14);
  auto header = test::read_text(fs::path(nvcc()).parent_path().parent_path() / "include/crt/host_config.h");
  auto limit_at = header.find("(__clang_major__ >= ");
  ASSERT_NE(limit_at, std::string::npos);
  int limit = std::atoi(header.c_str() + limit_at + 20);
  ASSERT_GE(major, limit) << "zig's clang " << major << " is not too new for this nvcc (limit " << limit << ")";

  auto result = build_wheel(project, "sm_90", {"CUDACXX=" + nvcc(), "CUDAHOSTCXX=" + wrapper.string()});
  auto json = parse(result);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(json["succeeded"], false);
  EXPECT_FALSE(json.contains("wheel") && !json["wheel"].get<std::string>().empty());
  auto log = test::read_text(json["log"].get<std::string>());
  EXPECT_NE(log.find("unsupported clang version"), std::string::npos) << log.substr(0, 4000);
  EXPECT_EQ(explain_ids(json).count("nvcc-unsupported-host-compiler"), 1u) << json.dump();
  EXPECT_NE(result.err.find("unsupported clang version"), std::string::npos) << result.err.substr(0, 4000);
}

TEST(WheelBuild, AMissingHeaderIsDiagnosed) {
  ProjectCopy project("cuda_wheel");
  // CUTLASS is header-only and not part of the CUDA toolkit: projects that use it (flash-attention,
  // vLLM) carry it as a git submodule, and a tree without the submodule fails this way. It is not
  // installed here (checked first).
  for (const auto& dir : {fs::path(nvcc()).parent_path().parent_path() / "include", fs::path("/usr/include"),
                          fs::path("/usr/local/include")}) {
    ASSERT_FALSE(fs::exists(dir / "cutlass/cutlass.h")) << dir;
  }
  project.prepend("scale.cu", "#include <cutlass/cutlass.h>\n");
  auto result = build_wheel(project, "sm_90", {"CUDACXX=" + nvcc()});
  auto json = parse(result);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(json["succeeded"], false);
  auto log = test::read_text(json["log"].get<std::string>());
  EXPECT_NE(log.find("cutlass/cutlass.h: No such file or directory"), std::string::npos) << log.substr(0, 4000);
  EXPECT_EQ(explain_ids(json).count("header-not-found"), 1u) << json.dump();
  EXPECT_NE(result.err.find("cutlass/cutlass.h"), std::string::npos) << result.err.substr(0, 4000);
}

TEST(WheelBuild, AnArchListThatDidNotTakeEffectStopsAtTheCompileLine) {
  // CUDAARCHS=80 left in the environment: CMake builds sm_80 although sm_90 was asked for. nvcc's
  // compile line shows it; the build stops there, before any wheel.
  ProjectCopy project("cuda_wheel");
  auto result = build_wheel(project, "sm_90", {"CUDACXX=" + nvcc(), "CUDAARCHS=80"});
  auto json = parse(result);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(json["succeeded"], false);
  ASSERT_TRUE(json.contains("arch_disagreement")) << json.dump();
  // CMake's "--generate-code=arch=compute_80,code=[compute_80,sm_80]" for CUDAARCHS=80.
  std::string line = json["arch_disagreement"]["line"];
  EXPECT_NE(line.find("nvcc"), std::string::npos) << line;
  EXPECT_NE(line.find("sm_80"), std::string::npos) << line;
  EXPECT_EQ(line.find("sm_90"), std::string::npos) << line;
  EXPECT_EQ(json["arch_disagreement"]["missing"], nlohmann::json::array({"sm_90"}));
  EXPECT_EQ(json["steps"][0]["stopped"], true);
  EXPECT_NE(result.err.find("disagrees with the targets"), std::string::npos) << result.err.substr(0, 4000);
  EXPECT_FALSE(fs::exists(project.dir() / "dist") && !fs::is_empty(project.dir() / "dist"));
}

TEST(WheelBuild, WithoutArchLinesTheWheelCheckCatchesTheWrongArch) {
  // The CUDAARCHS mistake in a quiet build (no ninja -v: no compile lines, no arch line to
  // watch): the build succeeds, and check on the wheel is what says sm_90 will not run (exit 1).
  ProjectCopy project("cuda_wheel");
  std::string pyproject = test::read_text(project.dir() / "pyproject.toml");
  auto at = pyproject.find("build.verbose = true");
  ASSERT_NE(at, std::string::npos);
  pyproject.replace(at, 20, "build.verbose = false");
  std::ofstream(project.dir() / "pyproject.toml") << pyproject;
  // "80-real": SASS only (with PTX for compute_80 sm_90 would JIT it, check's `jit`).
  auto result = build_wheel(project, "sm_90", {"CUDACXX=" + nvcc(), "CUDAARCHS=80-real"});
  auto json = parse(result);
  EXPECT_EQ(result.exit_code, 1) << result.err.substr(0, 4000);
  EXPECT_EQ(json["succeeded"], true);
  EXPECT_TRUE(json["arch_lines"].empty()) << json["arch_lines"].dump();
  EXPECT_FALSE(json.contains("arch_disagreement"));
  EXPECT_EQ(json["check_exit_code"], 1);
  ASSERT_EQ(json["check"]["results"].size(), 1u) << json["check"].dump();
  EXPECT_EQ(json["check"]["results"][0]["target"], "sm_90");
  EXPECT_EQ(json["check"]["results"][0]["verdict"], "no-code") << json["check"].dump();
  std::string wheel = json["wheel"];
  EXPECT_TRUE(fs::exists(wheel + ".archfit.json"));
}

// Processes whose command line holds `text` (other than archfit itself).
std::vector<pid_t> processes_with(const std::string& text) { return test::processes_with(text, test::archfit_binary()); }

TEST(WheelBuild, InterruptDuringPipWheelLeavesACompleteLogAndNoChildren) {
  // pip -> scikit-build-core -> cmake --build -> ninja -> a custom command sleeping: Ctrl-C (SIGINT
  // to archfit) must end all of them, and the log keeps every line written before.
  ProjectCopy project("hip_wheel");
  std::string marker = "62.4321";
  std::ofstream(project.dir() / "CMakeLists.txt", std::ios::app)
      << "add_custom_target(slow ALL COMMAND echo before-sleep COMMAND sleep " << marker << ")\n"
      << "add_dependencies(slow hip_scale)\n";
  auto log_path = project.dir() / "interrupted.log";
  std::vector<std::string> argv = {test::archfit_binary(), "build", "--src", project.dir().string(), "--force",
                                   "--target", "gfx90a", "--wheel", "--log", log_path.string(), "--json"};
  std::vector<char*> args;
  for (auto& arg : argv) {
    args.push_back(arg.data());
  }
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  ASSERT_EQ(posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ), 0);
  posix_spawn_file_actions_destroy(&actions);
  bool sleeping = false;
  for (int i = 0; i < 3000 && !sleeping; ++i) {  // up to 5 minutes: configure and compile come first
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    sleeping = !processes_with(marker).empty();
  }
  if (!sleeping) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
    FAIL() << "the build never reached its sleep:\n" << test::read_text(log_path).substr(0, 4000);
  }
  // The build's own processes under archfit, before the interrupt (pip and below).
  auto pip = processes_with(project.dir().string() + "/dist");  // pip wheel ... -w DIR/dist
  EXPECT_FALSE(pip.empty());
  ::kill(pid, SIGINT);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  EXPECT_TRUE(processes_with(marker).empty()) << "the sleep of the build is still running";
  for (pid_t child : pip) {
    EXPECT_TRUE(test::proc_cmdline("/proc/" + std::to_string(child)).empty())
        << "pip (pid " << child << ") is still running";
  }
  auto log = test::read_text(log_path);
  EXPECT_NE(log.find("# step wheel"), std::string::npos);
  EXPECT_NE(log.find("HIP architectures: gfx90a"), std::string::npos) << log.substr(0, 4000);
  EXPECT_NE(log.find("--offload-arch=gfx90a"), std::string::npos) << log.substr(0, 4000);
  // The link line of the library the sleep waits for: ninja printed it (on a pipe ninja prints an
  // edge's line when it finishes) just before the sleep began.
  EXPECT_NE(log.find("-o libhip_scale.so"), std::string::npos) << log.substr(log.size() > 4000 ? log.size() - 4000 : 0);
}

}  // namespace
}  // namespace archfit::build
