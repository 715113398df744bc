// `archfit build` on real small projects with real processes: a CMake+Ninja project (progress from
// ninja's own lines, the log), a configure that prints a disagreeing arch line (stopped early), a
// compiler OOM-killed for real in a memory-capped cgroup (the diagnosis and the MAX_JOBS proposal),
// and Ctrl-C (SIGINT) during the build: a complete log and no process left behind.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

#include "support/proc_processes.hpp"
#include "support/test_support.hpp"

extern char** environ;

namespace archfit::build {
namespace {

namespace fs = std::filesystem;

class Project {
 public:
  explicit Project(const std::string& name) : m_dir(test::unique_temp_path("archfit-build-" + name)) {
    fs::remove_all(m_dir);
    fs::create_directories(m_dir);
  }
  ~Project() { fs::remove_all(m_dir); }
  fs::path dir() const { return m_dir; }
  void write(const std::string& name, const std::string& text) const {
    fs::create_directories((m_dir / name).parent_path());
    std::ofstream(m_dir / name) << text;
  }

 private:
  fs::path m_dir;
};

nlohmann::json parse(const test::CommandResult& result) {
  auto json = nlohmann::json::parse(result.out, nullptr, false);
  EXPECT_FALSE(json.is_discarded()) << result.out << "\n" << result.err;
  return json;
}

test::CommandResult build(const Project& project, std::vector<std::string> extra = {}) {
  std::vector<std::string> argv = {test::archfit_binary(), "build", "--src", project.dir().string(), "--force", "--json"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  return test::run_command(argv);
}

TEST(BuildCli, CMakeNinjaProjectWithProgressAndLog) {
  Project project("cmake");
  project.write("CMakeLists.txt", "cmake_minimum_required(VERSION 3.20)\nproject(p CXX)\nadd_executable(p a.cpp b.cpp)\n");
  project.write("a.cpp", "int a() { return 1; }\n");
  project.write("b.cpp", "int a(); int main() { return a() - 1; }\n");
  auto result = build(project, {"--target", "gfx942"});
  auto json = parse(result);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(json["schema"], "archfit.build/1");
  EXPECT_EQ(json["recipe"], "cmake");
  EXPECT_EQ(json["succeeded"], true);
  ASSERT_EQ(json["steps"].size(), 2u);
  EXPECT_EQ(json["steps"][0]["name"], "configure");
  EXPECT_EQ(json["steps"][1]["name"], "compile");
  // ninja's own count of the commands of this build (the oracle), shown as plain progress lines on a pipe.
  auto commands = test::run_command({"ninja", "-C", (project.dir() / "build").string(), "-t", "commands"});
  auto total = test::lines(commands.out).size();
  EXPECT_NE(result.err.find("[" + std::to_string(total) + "/" + std::to_string(total) + "]"), std::string::npos)
      << result.err;
  auto log = test::read_text(json["log"].get<std::string>());
  EXPECT_NE(log.find("-- Configuring done"), std::string::npos);
  EXPECT_NE(log.find("[" + std::to_string(total) + "/" + std::to_string(total) + "]"), std::string::npos);
  EXPECT_NE(log.find("# PYTORCH_ROCM_ARCH=gfx942"), std::string::npos) << log.substr(0, 2000);
  EXPECT_TRUE(fs::exists(project.dir() / "build/p"));
  // The environment was the child's only: this process never had it.
  EXPECT_EQ(std::getenv("PYTORCH_ROCM_ARCH"), nullptr);
}

TEST(BuildCli, ADisagreeingArchLineStopsTheBuildEarly) {
  Project project("arch");
  // The configure prints the arch it was given, then works for 60 s: the build must stop at the line.
  project.write("CMakeLists.txt",
                "cmake_minimum_required(VERSION 3.20)\nproject(p NONE)\n"
                "message(STATUS \"Building PyTorch for GPU arch: gfx90a\")\n"
                "execute_process(COMMAND sleep 60)\n");
  auto start = std::chrono::steady_clock::now();
  auto result = build(project, {"--target", "gfx942"});
  auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  auto json = parse(result);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_LT(seconds, 30) << "not stopped early";
  EXPECT_EQ(json["succeeded"], false);
  ASSERT_TRUE(json.contains("arch_disagreement")) << json.dump();
  EXPECT_EQ(json["arch_disagreement"]["missing"], nlohmann::json::array({"gfx942"}));
  EXPECT_EQ(json["arch_disagreement"]["extra"], nlohmann::json::array({"gfx90a"}));
  EXPECT_EQ(json["steps"][0]["stopped"], true);
  EXPECT_NE(result.err.find("disagrees with the targets"), std::string::npos) << result.err;
  // The guard's verdict is a Finding: said on stderr by the Finding renderer, listed in "findings".
  EXPECT_NE(result.err.find("  FAIL  arch line: stopped"), std::string::npos) << result.err;
  bool listed = false;
  for (const auto& finding : json["findings"]) {
    if (finding["id"] == "build.arch-line") {
      listed = true;
      EXPECT_EQ(finding["status"], "fail");
      EXPECT_FALSE(finding["rule"].is_null());
      EXPECT_FALSE(finding["source"].is_null());
    }
  }
  EXPECT_TRUE(listed) << json.dump();
}

// -q leaves out the step and phase lines and the findings that pass; -v adds the variables the steps
// run with (set in the children only). The same project, built three times.
TEST(BuildCli, QuietAndVerboseChangeWhatIsSaid) {
  Project project("voice");
  project.write("CMakeLists.txt", "cmake_minimum_required(VERSION 3.20)\nproject(p CXX)\nadd_executable(p a.cpp)\n");
  project.write("a.cpp", "int main() { return 0; }\n");
  auto normal = build(project, {"--target", "gfx942"});
  auto quiet = build(project, {"--target", "gfx942", "-q"});
  auto verbose = build(project, {"--target", "gfx942", "-v"});
  for (const auto* result : {&normal, &quiet, &verbose}) {
    EXPECT_EQ(result->exit_code, 0) << result->err;
    EXPECT_EQ(parse(*result)["succeeded"], true);
  }
  EXPECT_NE(normal.err.find("archfit build: step configure"), std::string::npos) << normal.err;
  EXPECT_EQ(quiet.err.find("archfit build: step"), std::string::npos) << quiet.err;
  EXPECT_EQ(normal.err.find("archfit build: MAX_JOBS="), std::string::npos) << normal.err;
  EXPECT_NE(verbose.err.find("archfit build: MAX_JOBS="), std::string::npos) << verbose.err;
  EXPECT_NE(verbose.err.find("archfit build: CMAKE_BUILD_PARALLEL_LEVEL="), std::string::npos) << verbose.err;
  EXPECT_NE(verbose.err.find("archfit build: step configure"), std::string::npos) << verbose.err;
}

std::string memory_cgroup() {
  std::ifstream in("/proc/self/cgroup");
  for (std::string line; std::getline(in, line);) {
    if (line.find(":memory:") != std::string::npos) {
      return "/sys/fs/cgroup/memory" + line.substr(line.find(":memory:") + 8);
    }
  }
  return {};
}

// A project whose one compile runs inside a cgroup v1 capped at 30 MiB: the kernel's OOM killer kills
// cc1plus for real. Empty when this machine has no writable cgroup v1 memory controller.
std::string oom_project(const Project& project) {
  std::string parent = memory_cgroup();
  std::string group = parent + "/archfit-build-" + project.dir().filename().string();
  std::error_code error;
  if (parent.empty() || !fs::create_directory(group, error) ||
      !std::ofstream(group + "/memory.limit_in_bytes").write("30M", 3)) {
    return {};
  }
  project.write("heavy.cpp", "#include <regex>\n#include <iostream>\n#include <map>\n"
                             "int main() { std::regex r(\"a+\"); std::map<int, int> m; "
                             "std::cout << std::regex_match(\"aa\", r) << m.size(); }\n");
  project.write("oom.sh", "echo $$ > " + group + "/cgroup.procs && exec c++ -O2 -c \"$1\" -o heavy.o\n");
  project.write("CMakeLists.txt",
                "cmake_minimum_required(VERSION 3.20)\nproject(p NONE)\n"
                "add_custom_target(heavy ALL COMMAND sh ${CMAKE_SOURCE_DIR}/oom.sh ${CMAKE_SOURCE_DIR}/heavy.cpp)\n");
  return group;
}

TEST(BuildCli, ACompilerKilledForMemoryIsDiagnosedWithFewerJobs) {
  Project project("oom");
  std::string group = oom_project(project);
  if (group.empty()) {
    GTEST_SKIP() << "no writable cgroup v1 memory controller here";
  }
  auto result = build(project, {"--target", "gfx942"});
  auto json = parse(result);
  std::error_code error;
  fs::remove(group, error);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(json["succeeded"], false);
  auto log = test::read_text(json["log"].get<std::string>());
  EXPECT_NE(log.find("Killed signal terminated program cc1plus"), std::string::npos) << log;
  EXPECT_EQ(json["oom"], true) << json.dump();
  EXPECT_LT(json["proposed_max_jobs"].get<unsigned>(), json["jobs"].get<unsigned>() + (json["jobs"] == 1 ? 1u : 0u));
  EXPECT_NE(result.err.find("ran out of memory"), std::string::npos) << result.err;
}

// --retry-on-oom: each attempt that runs out of memory is built again with the proposed MAX_JOBS, down
// to one job; the report is the last attempt's.
TEST(BuildCli, RetryOnOomBuildsAgainWithFewerJobsDownToOne) {
  Project project("oom-retry");
  std::string group = oom_project(project);
  if (group.empty()) {
    GTEST_SKIP() << "no writable cgroup v1 memory controller here";
  }
  auto result = test::run_command({"env", "MAX_JOBS=2", test::archfit_binary(), "build", "--src", project.dir().string(),
                                   "--force", "--json", "--target", "gfx942", "--retry-on-oom"});
  auto json = parse(result);
  std::error_code error;
  fs::remove(group, error);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(json["oom"], true) << json.dump();
  EXPECT_EQ(json["jobs"], 1) << json.dump();
  std::vector<std::string> said;
  for (std::size_t at = result.err.find("a compiler ran out of memory with MAX_JOBS="); at != std::string::npos;
       at = result.err.find("a compiler ran out of memory with MAX_JOBS=", at + 1)) {
    said.push_back(result.err.substr(at, result.err.find('\n', at) - at));
  }
  ASSERT_GE(said.size(), 2u) << result.err;
  for (std::size_t i = 0; i + 1 < said.size(); ++i) {
    EXPECT_NE(said[i].find("; retrying"), std::string::npos) << said[i];
  }
  EXPECT_NE(said.back().find("with MAX_JOBS=1:"), std::string::npos) << said.back();
  EXPECT_EQ(said.back().find("; retrying"), std::string::npos) << said.back();
}

bool process_with_argument(const std::string& argument) { return !test::processes_with(argument, "archfit").empty(); }

TEST(BuildCli, InterruptLeavesACompleteLogAndNoChildren) {
  Project project("sigint");
  std::string marker = "61.2345";  // a sleep no other process runs
  project.write("CMakeLists.txt", "cmake_minimum_required(VERSION 3.20)\nproject(p NONE)\n"
                                  "add_custom_target(slow ALL COMMAND echo before-sleep COMMAND sleep " + marker + ")\n");
  auto log_path = project.dir() / "custom.log";
  std::vector<std::string> argv = {test::archfit_binary(), "build", "--src", project.dir().string(), "--force",
                                   "--target", "gfx942", "--log", log_path.string(), "--json"};
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
  for (int i = 0; i < 600 && !sleeping; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    sleeping = process_with_argument(marker);
  }
  ASSERT_TRUE(sleeping) << "the build never reached its sleep";
  ::kill(pid, SIGINT);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  EXPECT_FALSE(process_with_argument(marker)) << "a child of the build is still running";
  auto log = test::read_text(log_path);
  EXPECT_NE(log.find("-- Configuring done"), std::string::npos) << log;
  EXPECT_NE(log.find("# step compile"), std::string::npos) << log;
}

// ccache's counters as the test reads them itself: `ccache --print-stats` (ID<TAB>VALUE lines).
std::map<std::string, std::uint64_t> ccache_counters(const fs::path& cache) {
  auto result = test::run_command({"env", "CCACHE_DIR=" + cache.string(), "ccache", "--print-stats"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::map<std::string, std::uint64_t> counters;
  for (const auto& line : test::lines(result.out)) {
    auto tab = line.find('\t');
    if (tab != std::string::npos) {
      counters[line.substr(0, tab)] = std::stoull(line.substr(tab + 1));
    }
  }
  return counters;
}

// The compiles of one `archfit build` of a CMake project: ninja's compile steps (`-c` in `ninja -t
// commands`) and CMake's own try_compile builds at configure (compiler ABI detection), which CMake's
// log shows as the first line of each run: `Run Build Command(s):... Building CXX object`.
std::size_t compile_steps(const fs::path& build_dir, std::size_t* configure_compiles) {
  auto commands = test::run_command({"ninja", "-C", build_dir.string(), "-t", "commands"});
  std::size_t compiles = 0;
  for (const auto& line : test::lines(commands.out)) {
    if (line.find(" -c ") != std::string::npos) {
      EXPECT_EQ(line.rfind("ccache ", 0), 0u) << "not launched through ccache: " << line;
      ++compiles;
    }
  }
  *configure_compiles = 0;
  for (const auto& line : test::lines(test::read_text(build_dir / "CMakeFiles/CMakeOutput.log"))) {
    if (line.rfind("Run Build Command(s):", 0) == 0 && line.find("Building CXX object") != std::string::npos) {
      ++*configure_compiles;
    }
  }
  return compiles;
}

TEST(BuildCli, CcacheHitRateOfTwoBuildsOfOneTreeWithAPrivateCache) {
  ASSERT_EQ(test::run_command({"ccache", "--version"}).exit_code, 0) << "ccache is a build dependency (scripts/tools.tsv)";
  Project project("ccache");
  project.write("CMakeLists.txt", "cmake_minimum_required(VERSION 3.20)\nproject(p CXX)\nadd_executable(p a.cpp b.cpp c.cpp)\n");
  project.write("a.cpp", "int a() { return 1; }\n");
  project.write("b.cpp", "int b() { return 2; }\n");
  project.write("c.cpp", "int a(); int b(); int main() { return a() + b() - 3; }\n");
  auto cache = test::unique_temp_path("archfit-build-ccache-dir");
  fs::remove_all(cache);
  fs::create_directories(cache);
  auto run = [&] {
    return test::run_command({"env", "CCACHE_DIR=" + cache.string(), test::archfit_binary(), "build", "--src",
                              project.dir().string(), "--force", "--json", "--target", "gfx942"});
  };
  // 1. a cold cache: every compile a miss.
  auto first = run();
  auto first_json = parse(first);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  std::size_t configure_compiles = 0;
  auto compiles = compile_steps(project.dir() / "build", &configure_compiles);
  EXPECT_EQ(compiles, 3u);
  EXPECT_GE(configure_compiles, 1u);
  auto n = compiles + configure_compiles;
  auto after_first = ccache_counters(cache);
  EXPECT_EQ(after_first["cache_miss"], n);
  EXPECT_EQ(after_first["direct_cache_hit"] + after_first["preprocessed_cache_hit"], 0u);
  ASSERT_TRUE(first_json["ccache"].is_object()) << first_json.dump() << first.err;
  EXPECT_EQ(first_json["ccache"]["hits"], 0);
  EXPECT_EQ(first_json["ccache"]["misses"], n);
  EXPECT_EQ(first_json["ccache"]["hit_rate"], 0.0);
  EXPECT_NE(first.err.find("ccache: 0 hits (0 direct, 0 preprocessed), " + std::to_string(n) + " misses: hit rate 0.0%"),
            std::string::npos) << first.err;
  // 2. the same tree from a clean build directory: every compile a hit.
  fs::remove_all(project.dir() / "build");
  auto second = run();
  auto second_json = parse(second);
  ASSERT_EQ(second.exit_code, 0) << second.err;
  auto after_second = ccache_counters(cache);
  auto hits = after_second["direct_cache_hit"] + after_second["preprocessed_cache_hit"];
  EXPECT_EQ(hits, n);
  EXPECT_EQ(after_second["cache_miss"], n) << "the first build's misses are kept: the statistics were not zeroed";
  ASSERT_TRUE(second_json["ccache"].is_object()) << second_json.dump();
  EXPECT_EQ(second_json["ccache"]["hits"], n);
  EXPECT_EQ(second_json["ccache"]["direct_hits"], after_second["direct_cache_hit"]);
  EXPECT_EQ(second_json["ccache"]["preprocessed_hits"], after_second["preprocessed_cache_hit"]);
  EXPECT_EQ(second_json["ccache"]["misses"], 0);
  EXPECT_EQ(second_json["ccache"]["hit_rate"], 1.0);
  EXPECT_NE(second.err.find("ccache: " + std::to_string(n) + " hits"), std::string::npos) << second.err;
  EXPECT_NE(second.err.find("0 misses: hit rate 100.0%"), std::string::npos) << second.err;
  fs::remove_all(cache);
}

TEST(BuildCli, WithoutCcacheOnPathNothingIsSaidOfCcache) {
  Project project("plain");
  project.write("CMakeLists.txt", "cmake_minimum_required(VERSION 3.20)\nproject(p NONE)\n");
  // ccache on PATH: env's plan sets the launchers; a build without a compile has no rate. A private
  // cache: ccache counts per cache, and the suite's other builds compile through the default one at
  // the same time (ctest -j), which showed up in the delta.
  auto with = test::run_command({"env", "CCACHE_DIR=" + (project.dir() / "ccache").string(), test::archfit_binary(),
                                 "build", "--src", project.dir().string(), "--force", "--json", "--target", "gfx942"});
  auto with_json = parse(with);
  ASSERT_EQ(with.exit_code, 0) << with.err;
  ASSERT_TRUE(with_json["ccache"].is_object()) << with_json.dump();
  EXPECT_EQ(with_json["ccache"]["hits"], 0);
  EXPECT_EQ(with_json["ccache"]["misses"], 0);
  EXPECT_TRUE(with_json["ccache"]["hit_rate"].is_null());
  EXPECT_NE(with.err.find("no cacheable compile"), std::string::npos) << with.err;
  // A PATH without ccache (links to the programs this build runs): no launcher, nothing said.
  auto bin = project.dir() / "bin";
  fs::create_directories(bin);
  for (std::string name : {"cmake", "ninja", "python3"}) {
    auto where = test::run_command({"sh", "-c", "command -v " + name}).out;
    ASSERT_FALSE(where.empty()) << name;
    fs::create_symlink(where.substr(0, where.find('\n')), bin / name);
  }
  auto without = test::run_command({"env", "PATH=" + bin.string(), test::archfit_binary(), "build", "--src",
                                    project.dir().string(), "--force", "--json", "--target", "gfx942"});
  auto without_json = parse(without);
  EXPECT_EQ(without.exit_code, 0) << without.err;
  ASSERT_TRUE(without_json.contains("ccache")) << without_json.dump();
  EXPECT_TRUE(without_json["ccache"].is_null()) << without_json.dump();
  EXPECT_FALSE(without_json.contains("ccache_unknown"));
  EXPECT_EQ(without.err.find("ccache"), std::string::npos) << without.err;
  auto log = test::read_text(without_json["log"].get<std::string>());
  EXPECT_EQ(log.find("COMPILER_LAUNCHER"), std::string::npos) << "no ccache, no launcher";
}

// PyTorch's own order (data/build_recipes.tsv, from pytorch/pytorch@v2.8.0 README.md): for ROCm,
// tools/amd_build/build_amd.py (hipify) runs before the wheel build; for CUDA it does not run. The
// tree is PyTorch-shaped (--project pytorch names the recipe), its scripts stand-ins that record
// what ran, in order, in a file.
TEST(BuildCli, APyTorchTreeIsHipifiedBeforeItsWheelOnlyForRocm) {
  for (std::string target : {"gfx90a", "sm_90"}) {
    Project project("pytorch-" + target);
    project.write("tools/amd_build/build_amd.py",
                  "import pathlib\npathlib.Path('ran.txt').open('a').write('hipify\\n')\n");
    // The wheel: scikit-build-core (scripts/tools.tsv) on a CMake project that records its configure.
    project.write("pyproject.toml",
                  "[build-system]\nrequires = [\"scikit-build-core>=0.10\"]\nbuild-backend = \"scikit_build_core.build\"\n"
                  "[project]\nname = \"torch\"\nversion = \"0.0.1\"\n[tool.scikit-build]\nwheel.packages = []\n");
    project.write("CMakeLists.txt",
                  "cmake_minimum_required(VERSION 3.20)\nproject(torch NONE)\n"
                  "file(APPEND ${CMAKE_SOURCE_DIR}/ran.txt \"setup\\n\")\n");
    auto result = build(project, {"--project", "pytorch", "--target", target, "--wheel"});
    // The steps succeed, and the wheel's check then finds no GPU code in it: exit 1, host-only.
    EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
    auto report = parse(result);
    EXPECT_EQ(report["succeeded"], true) << report.dump();
    EXPECT_EQ(report["check"]["results"][0]["verdict"], "host-only") << report.dump();
    std::vector<std::string> steps;
    for (const auto& step : report["steps"]) steps.push_back(step["name"]);
    std::string ran = test::read_text(project.dir() / "ran.txt");
    if (target == "gfx90a") {
      EXPECT_EQ(steps, (std::vector<std::string>{"hipify", "wheel"})) << report.dump();
      EXPECT_EQ(ran.rfind("hipify\nsetup\n", 0), 0u) << ran;  // hipify first, then the wheel's setup.py
    } else {
      EXPECT_EQ(steps, (std::vector<std::string>{"wheel"})) << report.dump();
      EXPECT_EQ(ran.find("hipify"), std::string::npos) << ran;
    }
    bool wheel = false;
    for (const auto& entry : fs::directory_iterator(project.dir() / "dist")) {
      wheel = wheel || entry.path().extension() == ".whl";
    }
    EXPECT_TRUE(wheel) << target;
  }
}

TEST(BuildCli, ATreeWithNothingToBuildIsAUsageError) {
  Project project("empty");
  auto result = test::run_command({test::archfit_binary(), "build", "--src", project.dir().string(), "--force"});
  EXPECT_EQ(result.exit_code, 2) << result.err;
}

}  // namespace
}  // namespace archfit::build
