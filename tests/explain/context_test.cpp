// The context step: causes made precise with the values in the log line and with the machine
// (captured sysroots from tests/data/sysroots, this machine's libstdc++, libraries built here by
// real compilers). Expected values come from the sysroots' expected.tsv, from readelf, and from
// the compiler flags used, never from archfit.
#include <regex>

#include <gtest/gtest.h>

#include "explain_test_support.hpp"

namespace archfit::test {
namespace {

// `archfit explain --json ARGS...` with extra environment variables; the parsed document.
nlohmann::json explain_json(const std::vector<std::string>& args, const std::vector<std::string>& environment = {},
                            int* exit_code = nullptr) {
  std::vector<std::string> argv{archfit_binary(), "explain", "--json"};
  argv.insert(argv.end(), args.begin(), args.end());
  // A test's own environment must not leak an override or a conda env into the machine facts.
  std::vector<std::string> env{"HSA_OVERRIDE_GFX_VERSION", "CONDA_PREFIX", "HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES",
                               "ROCM_PATH", "ROCM_HOME", "HIP_PATH"};
  env.insert(env.end(), environment.begin(), environment.end());
  Child child(argv, env);
  int code = child.finish();
  if (exit_code != nullptr) {
    *exit_code = code;
  }
  try {
    return nlohmann::json::parse(child.out);
  } catch (const std::exception& error) {
    ADD_FAILURE() << "no JSON from archfit explain (" << error.what() << "): " << child.err;
    return nlohmann::json::object();
  }
}

std::string details_text(const nlohmann::json& finding) {
  std::string text;
  for (const auto& detail : finding["details"]) {
    text += detail.get<std::string>() + "\n";
  }
  return text;
}

// A column of a sysroot's expected.tsv (first GPU row).
std::string expected_gpu_field(const std::string& tree, const std::string& column) {
  auto rows = lines(read_text(std::filesystem::path(ARCHFIT_SOURCE_DIR) / "tests/data/sysroots" / tree / "expected.tsv"));
  auto split = [](const std::string& line) {
    std::vector<std::string> fields;
    std::size_t start = 0;
    for (std::size_t tab; (tab = line.find('\t', start)) != std::string::npos; start = tab + 1) {
      fields.push_back(line.substr(start, tab - start));
    }
    fields.push_back(line.substr(start));
    return fields;
  };
  auto header = split(rows.at(0));
  auto first = split(rows.at(1));
  for (std::size_t i = 0; i < header.size(); ++i) {
    if (header[i] == column) {
      return first.at(i);
    }
  }
  ADD_FAILURE() << "no column " << column;
  return {};
}

std::string sysroot_arg(const std::string& tree) { return "--sysroot=" + sysroot(tree).string(); }

TEST(ExplainContext, GpuCodeMissingNamesTheRebuildForTheDetectedGpu) {
  std::string gfx = expected_gpu_field("rx6700xt-override", "target");  // gfx1031
  for (const char* log : {"gpu-code-missing/rx6600-gfx1032-hip-no-binary-for-gpu.log",
                          "gpu-code-missing/rocm62-wheel-no-gfx1010-invalid-device-function.log"}) {
    SCOPED_TRACE(log);
    auto json = explain_json({sysroot_arg("rx6700xt-override"), (logs_dir() / log).string()});
    const auto& top = json["findings"][0];
    EXPECT_EQ(top["category"], "gpu-code-missing");
    EXPECT_NE(top["fix"].get<std::string>().find("PYTORCH_ROCM_ARCH=" + gfx), std::string::npos) << top["fix"];
    EXPECT_NE(details_text(top).find(gfx), std::string::npos);
    ASSERT_TRUE(json["context"].is_object());
    EXPECT_EQ(json["context"]["gpus"][0]["target"], gfx);
  }
}

TEST(ExplainContext, WithAnOverrideTheRebuildStillTargetsTheRealGpu) {
  std::string gfx = expected_gpu_field("rx6700xt-override", "target");  // gfx1031, KFD's own value
  auto json = explain_json({sysroot_arg("rx6700xt-override"),
                            (logs_dir() / "gpu-code-missing/rx6600-gfx1032-hip-no-binary-for-gpu.log").string()},
                           {"HSA_OVERRIDE_GFX_VERSION=10.3.0"});
  const auto& top = json["findings"][0];
  EXPECT_NE(top["fix"].get<std::string>().find("PYTORCH_ROCM_ARCH=" + gfx), std::string::npos) << top["fix"];
  // 10.3.0 is gfx1030 (major.minor.stepping), what programs see instead.
  EXPECT_NE(details_text(top).find("programs see gfx1030 instead of the real " + gfx), std::string::npos)
      << details_text(top);
}

TEST(ExplainContext, WithoutContextPlaceholdersStayAndContextIsNull) {
  auto json = explain_json({"--no-context", (logs_dir() / "gpu-code-missing/rx6600-gfx1032-hip-no-binary-for-gpu.log").string()});
  EXPECT_TRUE(json["context"].is_null());
  EXPECT_NE(json["findings"][0]["fix"].get<std::string>().find("<gfx of your GPU>"), std::string::npos);
}

// The log's own values fill the fix even without context.
TEST(ExplainContext, ValuesFromTheLogLineFillTheFix) {
  // "CMake 3.24 or higher is required.  You are running version 3.22.1"
  auto cmake = explain_json({"--no-context", (logs_dir() / "cmake-version/arion-lief-cmake-3.24-required-3.22.1.log").string()});
  EXPECT_NE(cmake["findings"][0]["fix"].get<std::string>().find("'cmake>=3.24'"), std::string::npos) << cmake["findings"][0]["fix"];
  // "gcc versions later than 10 are not supported"
  auto gcc = explain_json({"--no-context", (logs_dir() / "compiler-version/nvcc-cuda11-gcc11-lantern.log").string()});
  EXPECT_NE(gcc["findings"][0]["fix"].get<std::string>().find("CC=gcc-10 CXX=g++-10"), std::string::npos)
      << gcc["findings"][0]["fix"];
  // "No compatible code objects found for: gfx1152"
  auto gfx = explain_json({"--no-context", (logs_dir() / "gpu-code-missing/llamacpp-gfx1152-no-compatible-code-objects.log").string()});
  EXPECT_NE(gfx["findings"][0]["fix"].get<std::string>().find("PYTORCH_ROCM_ARCH=gfx1152"), std::string::npos)
      << gfx["findings"][0]["fix"];
  // "Required: 163842, Hardware limitation: 101376"
  auto smem = explain_json({"--no-context", (logs_dir() / "triton-compile/flood-rtx3090-num-stages-shared-memory.log").string()});
  EXPECT_NE(details_text(smem["findings"][0]).find("163842 bytes"), std::string::npos);
  EXPECT_NE(details_text(smem["findings"][0]).find("allows 101376"), std::string::npos);
}

// A missing-code error with an AMD GPU named elsewhere in the log: the GPU's processor against ROCm's
// compatibility matrices. Oracles: the products' processors from AMD's and LLVM's tables (RX 6900 XT is Navi 21,
// gfx1030; RX 6600 is Navi 23, gfx1032; RX 5700 XT is Navi 10, gfx1010; AMDGPUUsage's generic processors put
// gfx1030-gfx1036 in gfx10-3-generic and gfx1010-gfx1013 in gfx10-1-generic) and the matrices of ROCm 6.0-7.2
// (docs/compatibility/compatibility-matrix-historical-6.0.csv: gfx1030 listed from 6.0; no gfx101x/gfx1032).
TEST(ExplainContext, AGpuTheLogNamesIsJudgedAgainstTheRocmMatrices) {
  auto listed = explain_json({"--no-context", (logs_dir() / "gpu-code-missing/rocminstaller-6-alphafold-image-gfx90x-only-rx6900xt.log").string()});
  auto listed_details = details_text(listed["findings"][0]);
  EXPECT_NE(listed_details.find("(gfx1030, line 3)"), std::string::npos) << listed_details;
  EXPECT_NE(listed_details.find("supported from ROCm 6.0"), std::string::npos) << listed_details;
  EXPECT_EQ(listed_details.find("HSA_OVERRIDE_GFX_VERSION"), std::string::npos) << listed_details;
  EXPECT_NE(listed["findings"][0]["fix"].get<std::string>().find("PYTORCH_ROCM_ARCH=gfx1030"), std::string::npos);

  const std::string error = "\"hipErrorNoBinaryForGpu: Unable to find code object for all current devices!\"\n";
  auto relative = explain_json({"--no-context", write_temp_file("rx6600.log", "GPU: AMD Radeon RX 6600\n" + error)});
  ASSERT_EQ(relative["findings"][0]["category"], "gpu-code-missing");
  auto relative_details = details_text(relative["findings"][0]);
  EXPECT_NE(relative_details.find("do not list gfx1032"), std::string::npos) << relative_details;
  EXPECT_NE(relative_details.find("run the code of gfx1030"), std::string::npos) << relative_details;
  EXPECT_NE(relative_details.find("HSA_OVERRIDE_GFX_VERSION=10.3.0"), std::string::npos) << relative_details;
  EXPECT_NE(relative["findings"][0]["fix"].get<std::string>().find("PYTORCH_ROCM_ARCH=gfx1032"), std::string::npos);

  auto alone = explain_json({"--no-context", write_temp_file("rx5700.log", "GPU: AMD Radeon RX 5700 XT\n" + error)});
  auto alone_details = details_text(alone["findings"][0]);
  EXPECT_NE(alone_details.find("do not list gfx1010"), std::string::npos) << alone_details;
  EXPECT_NE(alone_details.find("nor another processor of its family (gfx10-1-generic)"), std::string::npos) << alone_details;
  EXPECT_EQ(alone_details.find("HSA_OVERRIDE_GFX_VERSION="), std::string::npos) << alone_details;  // gfx1010 is its lowest

  // Renoir's iGPU, gfx90c (Ryzen 7 5800H): gfx9-generic, whose gfx900 no matrix from 6.0 lists but rocBLAS builds still
  // carried (ROCm/rocBLAS#1398: HSA_OVERRIDE_GFX_VERSION=9.0.0 ran).
  auto renoir = explain_json({"--no-context", write_temp_file("renoir.log",
      "rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: Illegal seek for GPU arch : gfx90c\n")});
  auto renoir_details = details_text(renoir["findings"][0]);
  EXPECT_NE(renoir_details.find("do not list gfx90c"), std::string::npos) << renoir_details;
  EXPECT_NE(renoir_details.find("HSA_OVERRIDE_GFX_VERSION=9.0.0 presents gfx900"), std::string::npos) << renoir_details;
  EXPECT_EQ(renoir_details.find("no override helps"), std::string::npos) << renoir_details;

  // An override in the log: the whole-log rules judge the GPU against it (log_rules.hpp), not the matrices.
  auto overridden = explain_json({"--no-context", write_temp_file("rx6600-override.log",
                                                                   "GPU: AMD Radeon RX 6600\nexport HSA_OVERRIDE_GFX_VERSION=10.3.0\n" + error)});
  EXPECT_EQ(details_text(overridden["findings"][0]).find("compatibility matri"), std::string::npos);
}

// GLIBCXX_3.4.32 (GCC 13) against this machine's libstdc++; readelf -V is the oracle for the
// versions it defines.
TEST(ExplainContext, GlibcxxNotFoundSaysWhetherThisLibstdcxxHasIt) {
  auto ldconfig = run_command({"/sbin/ldconfig", "-p"});
  std::smatch match;
  std::regex libstdcxx_line(R"(libstdc\+\+\.so\.6 \(libc6,x86-64\) => (\S+))");
  ASSERT_TRUE(std::regex_search(ldconfig.out, match, libstdcxx_line)) << ldconfig.out;
  std::string path = match[1];
  auto readelf = run_command({"readelf", "-V", "-W", path});
  std::regex version(R"(GLIBCXX_3\.4\.([0-9]+))");
  int highest = 0;
  for (auto it = std::sregex_iterator(readelf.out.begin(), readelf.out.end(), version); it != std::sregex_iterator(); ++it) {
    highest = std::max(highest, std::stoi((*it)[1]));
  }
  ASSERT_GT(highest, 0);
  // The line as Python prints it when an extension needs a newer libstdc++ than the one loaded.
  std::string log = write_temp_file("glibcxx.log",
                                    "ImportError: " + path + ": version `GLIBCXX_3.4.32' not found (required by "
                                    "/opt/venv/lib/python3.11/site-packages/ext/_C.cpython-311-x86_64-linux-gnu.so)\n");
  auto json = explain_json({log});
  std::filesystem::remove(log);
  const auto& top = json["findings"][0];
  EXPECT_EQ(top["category"], "libstdcxx-version");
  std::string details = details_text(top);
  std::string newest = "GLIBCXX_3.4." + std::to_string(highest);
  if (highest < 32) {
    EXPECT_NE(details.find("this machine's libstdc++ (" + path + ") stops at " + newest + ": it lacks GLIBCXX_3.4.32"),
              std::string::npos)
        << details;
  } else {
    EXPECT_NE(details.find("has GLIBCXX_3.4.32"), std::string::npos) << details;
  }
}

TEST(ExplainContext, OverrideAcrossFamiliesIsNamedWithTheSameFamilyValue) {
  // The log sets HSA_OVERRIDE_GFX_VERSION: 11.0.0 (gfx1100, RDNA3); the GPU here is gfx1031 (RDNA2).
  auto json = explain_json({sysroot_arg("rx6700xt-override"),
                            (logs_dir() / "gpu-isa-override/ollama-docker-override-11.0.0-on-rdna2.log").string()});
  const auto& top = json["findings"][0];
  EXPECT_EQ(top["category"], "gpu-isa-override");
  std::string details = details_text(top);
  EXPECT_NE(details.find("HSA_OVERRIDE_GFX_VERSION=11.0.0: the log sets it (line 23)"), std::string::npos) << details;
  EXPECT_NE(details.find("crosses families"), std::string::npos) << details;
  EXPECT_NE(details.find("10.3.0 (gfx1030)"), std::string::npos) << details;
}

TEST(ExplainContext, OverrideWithinTheFamilyIsNotBlamed) {
  auto json = explain_json({sysroot_arg("rx6700xt-override"),
                            (logs_dir() / "gpu-isa-override/mi210-stale-override-gfx1030-memory-access-fault-nil.log").string()},
                           {"HSA_OVERRIDE_GFX_VERSION=10.3.0"});
  std::string details = details_text(json["findings"][0]);
  EXPECT_NE(details.find("this environment sets it"), std::string::npos) << details;
  EXPECT_NE(details.find("of the same family (gfx10-3-generic)"), std::string::npos) << details;
  EXPECT_EQ(details.find("crosses families"), std::string::npos) << details;
}

// MAX_JOBS = floor(GiB / 4), the fix's rule, capped at the CPUs: from the trees' own
// /proc/meminfo (MemTotal in kB, proc(5)) and /proc/cpuinfo (one "processor" block per CPU; the
// trees have no cgroup limits and no /sys/devices/system/cpu/possible).
TEST(ExplainContext, OomFixGetsAJobCountFromTheMachinesMemoryAndCpus) {
  auto mixed = unique_temp_path("explain-oom-tree") / "root";
  std::filesystem::create_directories(mixed / "proc");
  std::filesystem::copy_file(sysroot("container-no-kfd") / "proc/cpuinfo", mixed / "proc/cpuinfo");    // 8 CPUs
  std::filesystem::copy_file(sysroot("rx6700xt-override") / "proc/meminfo", mixed / "proc/meminfo");  // 15.5 GiB
  for (const auto& tree : {sysroot("rx6700xt-override"), sysroot("container-no-kfd"), mixed}) {
    SCOPED_TRACE(tree.string());
    std::smatch match;
    auto meminfo = read_text(tree / "proc/meminfo");
    ASSERT_TRUE(std::regex_search(meminfo, match, std::regex(R"(MemTotal:\s+([0-9]+) kB)")));
    double gib = std::stod(match[1]) * 1024.0 / (1024.0 * 1024.0 * 1024.0);
    auto cpuinfo = read_text(tree / "proc/cpuinfo");
    int cpus = 0;
    for (std::size_t at = cpuinfo.find("processor\t"); at != std::string::npos; at = cpuinfo.find("processor\t", at + 1)) {
      ++cpus;
    }
    ASSERT_GT(cpus, 0);
    int jobs = std::min(std::max(1, static_cast<int>(gib / 4.0)), cpus);
    auto json = explain_json({"--sysroot=" + tree.string(), (logs_dir() / "oom/make-j4-cc1plus-killed-4gb.log").string()});
    EXPECT_NE(json["findings"][0]["fix"].get<std::string>().find("MAX_JOBS=" + std::to_string(jobs) + " "),
              std::string::npos)
        << json["findings"][0]["fix"];
  }
  std::filesystem::remove_all(mixed.parent_path());
}

// A library built here by hipcc for two targets, named in a log line of the shape llama.cpp
// prints, with the HIP runtime's line for the GPU: explain lists the file's targets against the GPU.
TEST(ExplainContext, NamedLibraryIsScannedForItsGpuTargets) {
  auto dir = unique_temp_path("explain-hip-lib");
  std::filesystem::create_directories(dir);
  std::string source = (dir / "kernel.hip").string();
  std::ofstream(source) << "#define __global__ __attribute__((global))\n"
                           "struct dim3 { unsigned x, y, z; };\n"
                           "extern \"C\" int hipLaunchKernel(const void*, dim3, dim3, void**, unsigned long, void*);\n"
                           "extern \"C\" __global__ void add_one(float* x) { x[__builtin_amdgcn_workitem_id_x()] += 1.0f; }\n";
  std::string library = (dir / "libggml-hip.so").string();
  auto built = run_command({"hipcc", "-nogpulib", "-nogpuinc", "--offload-arch=gfx1030", "--offload-arch=gfx90a", "-fPIC",
                            "-shared", source, "-o", library});
  ASSERT_TRUE(std::filesystem::exists(library)) << "hipcc (Debian's, see scripts/test.sh) failed: " << built.err;
  std::string log = (dir / "server.log").string();
  std::ofstream(log) << "load_backend: loaded ROCm backend from " << library << "\n"
                     << ":1:hip_fatbin.cpp           :687 : 114369963532 us:  No compatible code objects found for: "
                        "gfx1031, value of HIP_FORCE_SPIRV_CODEOBJECT: 0\n";
  auto json = explain_json({sysroot_arg("rx6700xt-override"), log});
  std::filesystem::remove_all(dir);
  const auto& top = json["findings"][0];
  EXPECT_EQ(top["id"], "hip-no-compatible-code-objects");
  std::string details = details_text(top);
  EXPECT_NE(details.find(library + " carries gfx1030, gfx90a: none runs on this GPU, gfx1031"), std::string::npos) << details;
  // gfx1030 and gfx1031 share gfx10-3-generic: the override is the risky alternative.
  EXPECT_NE(details.find("HSA_OVERRIDE_GFX_VERSION=10.3.0"), std::string::npos) << details;
  ASSERT_EQ(json["context"]["libraries"].size(), 1u);
  EXPECT_EQ(json["context"]["libraries"][0]["gpu_targets"], nlohmann::json({"gfx1030", "gfx90a"}));
}

// "Illegal instruction" with a library that needs x86-64-v3 (ld -z x86-64-v3 marks it; readelf -n
// is the oracle) on a CPU without AVX2: the captured Ryzen's cpuinfo with the x86-64-v3 flags
// removed, as a VM with an older CPU model presents it.
TEST(ExplainContext, IllegalInstructionWithAV3LibraryOnAV2CpuBlamesTheCpu) {
  auto dir = unique_temp_path("explain-cpu-isa");
  std::filesystem::create_directories(dir / "root/proc");
  std::string source = (dir / "v3.c").string();
  std::ofstream(source) << "int f(void) { return 1; }\n";
  std::string library = (dir / "libv3.so").string();
  run_command({"gcc", "-shared", "-fPIC", source, "-o", library, "-Wl,-z,x86-64-v3"});
  auto notes = run_command({"readelf", "-n", library});
  ASSERT_NE(notes.out.find("x86 ISA needed: x86-64-v3"), std::string::npos) << notes.out << notes.err;

  std::string cpuinfo = read_text(sysroot("apu-raven") / "proc/cpuinfo");
  for (const char* flag : {" avx2", " avx", " bmi1", " bmi2", " fma", " f16c", " movbe", " abm", " xsave"}) {
    cpuinfo = std::regex_replace(cpuinfo, std::regex(std::string(flag) + "(?= |\n)"), "");
  }
  std::ofstream(dir / "root/proc/cpuinfo") << cpuinfo;
  std::string log = (dir / "gdb.log").string();
  std::ofstream(log) << "Program received signal SIGILL, Illegal instruction.\n"
                     << "0x00007fffe9076f17 in f () from " << library << "\n";
  auto json = explain_json({"--sysroot=" + (dir / "root").string(), log});
  std::filesystem::remove_all(dir);
  const auto& top = json["findings"][0];
  EXPECT_EQ(top["category"], "cpu-isa");
  EXPECT_EQ(json["context"]["cpu"]["isa_level"], "x86-64-v2");
  EXPECT_NE(details_text(top).find(library + " needs x86-64-v3 and this CPU is x86-64-v2: the CPU is the cause, not the GPU"),
            std::string::npos)
      << details_text(top);
}

// A log nothing matches: real output of the compiler, the lines that look most like an error.
TEST(ExplainContext, UnknownLogQuotesTheMostErrorLikeLines) {
  auto dir = unique_temp_path("explain-unknown");
  std::filesystem::create_directories(dir);
  std::string source = (dir / "broken.cpp").string();
  std::ofstream(source) << "int main() {\n  return undeclared_function(42);\n}\n";
  auto compiled = run_command({"g++", "-fno-diagnostics-color", "-c", source, "-o", (dir / "broken.o").string()});
  ASSERT_NE(compiled.exit_code, 0);
  std::string error_line;
  for (const auto& line : lines(compiled.err)) {
    if (line.find("error:") != std::string::npos) {
      error_line = line;
    }
  }
  ASSERT_FALSE(error_line.empty()) << compiled.err;
  std::string log = (dir / "build.log").string();
  std::ofstream(log) << "[1/2] Building CXX object broken.o\n" << compiled.err << "ninja: build stopped: subcommand failed.\n";
  int exit_code = -1;
  auto json = explain_json({"--no-context", log}, {}, &exit_code);
  std::filesystem::remove_all(dir);
  EXPECT_EQ(exit_code, 1);
  EXPECT_FALSE(json["explained"].get<bool>());
  ASSERT_EQ(json["findings"].size(), 1u);
  const auto& finding = json["findings"][0];
  EXPECT_EQ(finding["category"], "unknown");
  EXPECT_EQ(finding["id"], "unknown");
  EXPECT_TRUE(finding["source"].is_null());
  bool quoted = false;
  for (const auto& evidence : finding["evidence"]) {
    quoted = quoted || evidence.get<std::string>() == error_line;
  }
  EXPECT_TRUE(quoted) << finding["evidence"] << " lacks " << error_line;
}

// A tree holding just the files a toolchain probe looks at (the rest of a captured sysroot is not
// needed: detect reports what it finds).
std::filesystem::path make_tree(const std::string& name, const std::vector<std::string>& files) {
  auto root = unique_temp_path(name) / "root";
  std::filesystem::remove_all(root.parent_path());
  for (const auto& file : files) {
    std::filesystem::create_directories((root / file.substr(1)).parent_path());
    std::ofstream(root / file.substr(1)) << "";
  }
  return root;
}

TEST(ExplainContext, RocmHomeNotSetNamesTheInstalledRoot) {
  // An AMDGPU-installer layout: versioned directory, no /opt/rocm link (koboldcpp-rocm#130).
  auto root = make_tree("explain-rocm-root", {"/opt/rocm-6.3.3/bin/hipcc", "/opt/rocm-6.3.3/lib/cmake/hip/hip-config.cmake"});
  // The message torch.utils.cpp_extension raises (_join_rocm_home).
  std::string log = write_temp_file("rocm-home.log",
                                    "OSError: ROCM_HOME environment variable is not set. Please set it to your ROCm install root.\n");
  auto json = explain_json({"--sysroot=" + root.string(), log});
  std::filesystem::remove_all(root.parent_path());
  std::filesystem::remove(log);
  const auto& top = json["findings"][0];
  EXPECT_EQ(top["id"], "rocm-home-not-set");
  EXPECT_NE(top["fix"].get<std::string>().find("export ROCM_HOME=/opt/rocm-6.3.3 "), std::string::npos) << top["fix"];
  EXPECT_NE(details_text(top).find("/opt/rocm-6.3.3/bin is not on PATH"), std::string::npos) << details_text(top);
}

TEST(ExplainContext, CmathNotFoundNamesTheGccWhoseHeadersAreMissing) {
  // rocHPCG#56's machine: ROCm's clang picks the newest GCC (12) whose C++ headers are not installed.
  auto root = make_tree("explain-gcc-tree", {"/usr/lib/gcc/x86_64-linux-gnu/11/crtbegin.o", "/usr/include/c++/11/cmath",
                                             "/usr/lib/gcc/x86_64-linux-gnu/12/crtbegin.o"});
  auto json = explain_json({"--sysroot=" + root.string(),
                            (logs_dir() / "missing-headers/rochpcg-hip-cmath-not-found-ubuntu22.log").string()});
  std::filesystem::remove_all(root.parent_path());
  const auto& top = json["findings"][0];
  EXPECT_EQ(top["id"], "cmath-not-found");
  EXPECT_NE(top["fix"].get<std::string>().find("apt install libstdc++-12-dev"), std::string::npos) << top["fix"];
  EXPECT_NE(details_text(top).find("/usr/include/c++/12 is missing"), std::string::npos) << details_text(top);
}

TEST(ExplainCommandLine, UsageAndInputErrors) {
  auto missing = run_command({archfit_binary(), "explain", "/nonexistent/build.log"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("cannot open /nonexistent/build.log"), std::string::npos) << missing.err;
  auto bad_root = run_command({archfit_binary(), "explain", "--sysroot", "/nonexistent-root",
                               (logs_dir() / "oom/make-j4-cc1plus-killed-4gb.log").string()});
  EXPECT_EQ(bad_root.exit_code, 2);
  EXPECT_NE(bad_root.err.find("--no-context"), std::string::npos) << bad_root.err;
  // stdin ("-") and text output.
  auto piped = run_command({"sh", "-c", archfit_binary() + " explain --no-context - < " +
                                            (logs_dir() / "oom/make-j4-cc1plus-killed-4gb.log").string()});
  EXPECT_EQ(piped.exit_code, 0);
  EXPECT_NE(piped.out.find("oom: compiler-killed-signal"), std::string::npos) << piped.out;
  EXPECT_NE(piped.out.find("line 1"), std::string::npos);
}

// Real clang output with colour (what `archfit run` captures when colour is forced).
TEST(ExplainContext, ColouredCompilerOutputIsMatched) {
  auto dir = unique_temp_path("explain-clang");
  std::filesystem::create_directories(dir);
  std::string source = (dir / "uses_cmath.cpp").string();
  std::ofstream(source) << "#include <cmath>\nint main() { return 0; }\n";
  auto compiled = run_command({"/usr/lib/llvm-19/bin/clang++", "-fcolor-diagnostics", "-nostdinc++", "-c", source, "-o", (dir / "x.o").string()});
  ASSERT_NE(compiled.err.find("\x1b["), std::string::npos) << "clang printed no colour: " << compiled.err;
  std::string log = (dir / "clang.log").string();
  std::ofstream(log) << compiled.err;
  auto json = explain_json({"--no-context", log});
  std::filesystem::remove_all(dir);
  EXPECT_EQ(json["findings"][0]["id"], "cmath-not-found");
  EXPECT_EQ(json["findings"][0]["evidence"][0].get<std::string>().find('\x1b'), std::string::npos);
}

// Issue 13: Debian's ROCm (5.2.3) has no device library for gfx1100, so its hipcc really fails for
// that target. explain must call it a target this ROCm lacks (compiler-version: a too-old ROCm),
// never a path problem, and propose no HIP_DEVICE_LIB_PATH (the path in use is right).
TEST(ExplainContext, RealHipccFailureForATargetThisRocmLacksIsNotAPath) {
  auto dir = unique_temp_path("explain-gfx1100");
  std::filesystem::create_directories(dir);
  std::string source = (dir / "k.hip").string();
  std::ofstream(source) << "__global__ void k(float* x) { x[0] = 1.0f; }\n";
  auto built = run_command({"hipcc", "--offload-arch=gfx1100", "-c", source, "-o", (dir / "k.o").string()});
  if (built.exit_code == 0) {
    std::filesystem::remove_all(dir);
    GTEST_SKIP() << "this machine's hipcc has a device library for gfx1100";
  }
  ASSERT_NE(built.err.find("gfx1100"), std::string::npos) << built.err;
  std::string log = (dir / "build.log").string();
  std::ofstream(log) << built.err;
  int exit_code = -1;
  auto json = explain_json({log}, {}, &exit_code);
  std::filesystem::remove_all(dir);
  EXPECT_EQ(exit_code, 0);
  ASSERT_FALSE(json["findings"].empty());
  const auto& top = json["findings"][0];
  EXPECT_EQ(top["id"], "rocm-device-lib-missing-target") << built.err;
  EXPECT_EQ(top["category"], "compiler-version");
  EXPECT_NE(top["fix"].get<std::string>().find("--target gfx1100"), std::string::npos) << top["fix"];
  for (const auto& finding : json["findings"]) {
    EXPECT_NE(finding["category"], "rocm-path") << finding["id"];
    EXPECT_EQ(finding["fix"].get<std::string>().find("HIP_DEVICE_LIB_PATH="), std::string::npos) << finding["fix"];
  }
}

}  // namespace
}  // namespace archfit::test
