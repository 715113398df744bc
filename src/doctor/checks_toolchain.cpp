// Toolchain: the compilers CMake will take (and their version against the project's floor), the GCC
// whose libstdc++ headers clang uses, CMake and Ninja against the project's minimum, git.
#include <algorithm>

#include <fmt/format.h>

#include "doctor/checks_common.hpp"
#include "doctor/probes.hpp"
#include "doctor/versions.hpp"

namespace archfit::doctor {

namespace {

constexpr const char* k_group = "toolchain";

std::string project_label(const Facts& facts) {
  return facts.project + (facts.project_version.empty() ? "" : " " + facts.project_version);
}

std::string chain(const Compiler& compiler) {
  std::string text = compiler.path;
  for (const auto& link : compiler.links) {
    text += " -> " + link;
  }
  return text;
}

void check_compiler(const CheckContext& context, const Compiler& compiler, const char* id, const char* title) {
  const auto& facts = context.facts;
  if (!compiler.found()) {
    int major = choose_gcc_major(context, 12);
    context.add(id, k_group, Status::fail, title, compiler.how,
                "CMake stops with \"No CMAKE_" + std::string(compiler.role == "CC" ? "C" : "CXX") +
                    "_COMPILER could be found\" when neither $" + compiler.role + " nor one of its names is on PATH",
                "CMake 3.25 Modules/CMakeDetermine" + std::string(compiler.role == "CC" ? "C" : "CXX") + "Compiler.cmake",
                gcc_fix(context, major));
    return;
  }
  if (compiler.version.empty()) {
    context.add(id, k_group, Status::fail, title,
                chain(compiler) + ": `--version` gave no version (" +
                    (compiler.run.error.empty() ? compiler.run.out.substr(0, 80) : compiler.run.error) + ")",
                "CMake runs the compiler to identify it; one that does not answer stops the configure", "",
                "export " + compiler.role + "=<a working compiler>");
    return;
  }
  std::string seen = chain(compiler) + ": " + compiler.version_line + " (" + compiler.how + ")";
  if (!compiler.launcher.empty()) {
    seen += "; launcher " + compiler.launcher;
  }
  auto requirement = context.rules.project_requirement(facts.project, facts.project_version);
  if (compiler.family == "gnu" && requirement && !requirement->gcc_min.empty() &&
      compare_versions(compiler.version, requirement->gcc_min) < 0) {
    int major = major_of(requirement->gcc_min).value_or(11) + (requirement->gcc_min.ends_with(".0") ? 0 : 1);
    context.add(id, k_group, Status::fail, title, seen,
                project_label(facts) + " needs GCC >= " + requirement->gcc_min + " (its CMake stops with a FATAL_ERROR)",
                requirement->source, gcc_fix(context, choose_gcc_major(context, major)));
    return;
  }
  context.add(id, k_group, Status::pass, title, seen);
}

void check_compiler_pair(const CheckContext& context) {
  const auto& cxx = context.facts.toolchain.cxx;
  const auto& cc = context.facts.toolchain.cc;
  if (cxx.version.empty() || cc.version.empty()) {
    return;
  }
  if (cxx.family == cc.family && major_of(cxx.version) == major_of(cc.version)) {
    return;
  }
  std::string fix = cxx.family == "gnu" ? gcc_fix(context, major_of(cxx.version).value_or(12))
                                        : "export CC=" + base_name(cxx.path) + " CXX=" + base_name(cxx.path);
  if (cxx.family == "clang") {
    std::string name = base_name(cxx.path);
    auto plus = name.find("++");
    std::string c_name = plus == std::string::npos ? name : name.substr(0, plus) + name.substr(plus + 2);
    fix = "export CC=" + c_name + " CXX=" + name;
  }
  context.add("toolchain.cc-cxx-pair", k_group, Status::warn, "C and C++ compilers",
              fmt::format("C: {} {} ({}); C++: {} {} ({})", cc.family, cc.version, cc.path, cxx.family, cxx.version,
                          cxx.path),
              "CMake picks the C and the C++ compiler independently; objects of two compiler versions are linked into "
              "one library (OpenMP and libgcc/libstdc++ versions must agree)",
              "CMake 3.25 Modules/CMakeDetermineCCompiler.cmake and CMakeDetermineCXXCompiler.cmake ($CC and $CXX, "
              "else the first name of each list on PATH)",
              fix);
}

void check_clang_gcc(const CheckContext& context) {
  const auto& facts = context.facts;
  const auto& clang_gcc = facts.toolchain.clang_gcc;
  bool clang_compiles = facts.toolchain.cxx.family == "clang" || facts.backend == "rocm";
  if (clang_gcc.selected.empty()) {
    if (facts.backend == "rocm" && clang_gcc.installations.empty()) {
      context.add("toolchain.clang-gcc-headers", k_group, Status::warn, "libstdc++ headers for clang/hipcc",
                  "no GCC installation (/usr/lib/gcc/<triple>/N with crtbegin.o) for ROCm's clang to take libstdc++ from",
                  "hipcc/amdclang compile host code against the newest GCC installation's libstdc++",
                  "https://github.com/pytorch/pytorch/issues/100560", gcc_fix(context, choose_gcc_major(context, 12)));
    }
    return;
  }
  std::string who = clang_gcc.clang_path.empty() ? std::string("ROCm's clang (hipcc)")
                                                 : "clang " + clang_gcc.clang_version + " (" + clang_gcc.clang_path + ")";
  std::string how = clang_gcc.selected_by_clang.empty() ? "the highest GCC installation with crtbegin.o"
                                                        : "`clang -v`: Selected GCC installation";
  std::string seen = who + " uses GCC " + clang_gcc.selected_version + " (" + clang_gcc.selected + ", " + how + ")";
  auto rule = context.rules.advice_by_id("hip-clang-libstdcxx-dev");
  std::string rule_text = rule ? rule->advice : "clang uses the newest GCC installation's libstdc++ headers";
  std::string source = rule ? rule->source : "https://github.com/pytorch/pytorch/issues/100560";
  if (clang_gcc.headers_present) {
    context.add("toolchain.clang-gcc-headers", k_group, Status::pass, "libstdc++ headers for clang/hipcc",
                seen + "; " + clang_gcc.headers_dir + " is installed");
    return;
  }
  std::string fix = context.install("libstdcxx-dev", clang_gcc.selected_version);
  if (fix.empty()) {
    fix = "# install the C++ headers of GCC " + clang_gcc.selected_version + " (libstdc++ development package)";
  }
  context.add("toolchain.clang-gcc-headers", k_group, clang_compiles ? Status::fail : Status::warn,
              "libstdc++ headers for clang/hipcc",
              seen + "; " + clang_gcc.headers_dir + " is missing: every C++ compile by " +
                  (facts.backend == "rocm" ? "hipcc" : "clang") + " fails with \"fatal error: 'cmath' file not found\"",
              rule_text, source, fix);
}

void check_cmake(const CheckContext& context) {
  const auto& facts = context.facts;
  const auto& toolchain = facts.toolchain;
  std::string minimum;
  std::string source;
  if (!facts.source.cmake_min.empty() && (facts.source.project.empty() || facts.source.project == facts.project)) {
    minimum = facts.source.cmake_min;
    source = facts.source.cmake_min_source;
  } else if (auto requirement = context.rules.project_requirement(facts.project, facts.project_version);
             requirement && !requirement->cmake_min.empty()) {
    minimum = requirement->cmake_min;
    source = "data/project_requirements.tsv " + requirement->project + " " + requirement->version + ": " +
             requirement->source;
  }
  std::string fix = "python -m pip install \"cmake>=" + (minimum.empty() ? std::string("3.27") : minimum) +
                    "\"   # into the build environment (its bin/ comes first on PATH)";
  if (facts.project == "flash-attn") {
    return;  // built by setuptools + ninja, no CMake
  }
  if (toolchain.cmake_path.empty()) {
    context.add("toolchain.cmake", k_group, Status::fail, "CMake", "cmake is not on PATH",
                project_label(facts) + " configures with CMake" + (minimum.empty() ? "" : " >= " + minimum),
                source, fix);
    return;
  }
  if (toolchain.cmake_version.empty()) {
    context.add("toolchain.cmake", k_group, Status::fail, "CMake",
                toolchain.cmake_path + " --version: " + (toolchain.cmake.error.empty() ? "no version" : toolchain.cmake.error),
                "", "", fix);
    return;
  }
  std::string seen = "cmake " + toolchain.cmake_version + " (" + toolchain.cmake_path + ")";
  if (minimum.empty()) {
    context.add("toolchain.cmake", k_group, Status::pass, "CMake",
                seen + "; no minimum known for " + project_label(facts) +
                    " (no --src tree; data/project_requirements.tsv has none)");
    return;
  }
  if (compare_versions(toolchain.cmake_version, minimum) < 0) {
    context.add("toolchain.cmake", k_group, Status::fail, "CMake", seen,
                project_label(facts) + " requires CMake >= " + minimum + " (cmake_minimum_required stops the configure)",
                source, fix);
    return;
  }
  context.add("toolchain.cmake", k_group, Status::pass, "CMake", seen + " >= " + minimum, "", source);
}

void check_ninja(const CheckContext& context) {
  const auto& facts = context.facts;
  if (!facts.toolchain.ninja_path.empty()) {
    context.add("toolchain.ninja", k_group, Status::pass, "Ninja",
                "ninja " + (facts.toolchain.ninja_version.empty() ? std::string("(no version)") : facts.toolchain.ninja_version) +
                    " (" + facts.toolchain.ninja_path + ")");
    return;
  }
  std::string install = context.install("ninja");
  context.add("toolchain.ninja", k_group, Status::warn, "Ninja", "ninja is not on PATH",
              "PyTorch declares Ninja as a build dependency; torch C++-extension builds (vLLM, flash-attn) fall back to "
              "slow serial setuptools compiles without it (flash-attn README: \"Without ninja, compiling can take a very "
              "long time\")",
              "spack-packages py-torch package.py (depends_on(\"ninja@1.5:\", type=\"build\")); Dao-AILab/flash-attention "
              "README.md (Installation)",
              "python -m pip install ninja" + (install.empty() ? std::string() : "   # or: " + install));
}

void check_git(const CheckContext& context) {
  const auto& facts = context.facts;
  if (!facts.toolchain.git_path.empty()) {
    context.add("toolchain.git", k_group, Status::pass, "git",
                "git " + facts.toolchain.git_version + " (" + facts.toolchain.git_path + ")");
    return;
  }
  bool needed = facts.source.git && facts.source.has_submodules;
  std::string install = context.install("git");
  context.add("toolchain.git", k_group, needed ? Status::fail : Status::warn, "git", "git is not on PATH",
              "Source checkouts and their submodules (git submodule update --init --recursive) need git",
              "pytorch/pytorch README.md (Get the PyTorch Source)", install.empty() ? "install git" : install);
}

}  // namespace

void check_toolchain(const CheckContext& context) {
  check_compiler(context, context.facts.toolchain.cxx, "toolchain.cxx", "C++ compiler");
  check_compiler(context, context.facts.toolchain.cc, "toolchain.cc", "C compiler");
  check_compiler_pair(context);
  check_clang_gcc(context);
  check_cmake(context);
  check_ninja(context);
  check_git(context);
}

}  // namespace archfit::doctor
