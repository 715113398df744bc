// The toolchain: the C and C++ compilers CMake would take, the GCC installation clang takes its
// libstdc++ headers from, CMake, Ninja, git and ccache.
#include <algorithm>
#include <mutex>

#include "doctor/probes.hpp"
#include "doctor/versions.hpp"
#include "util/concurrent_tasks.hpp"

namespace archfit::doctor {

namespace {

// CMake 3.25 Modules/CMakeDetermineCXXCompiler.cmake and CMakeDetermineCCompiler.cmake (non-Windows):
//   CMAKE_CXX_COMPILER_LIST CC c++ g++ aCC cl bcc xlC icpx icx clang++
//   CMAKE_C_COMPILER_LIST   cc gcc cl bcc xlc icx clang
const std::vector<std::string>& cmake_names(std::string_view role) {
  static const std::vector<std::string> cxx = {"CC", "c++", "g++", "aCC", "cl", "bcc", "xlC", "icpx", "icx", "clang++"};
  static const std::vector<std::string> c = {"cc", "gcc", "cl", "bcc", "xlc", "icx", "clang"};
  return role == "CXX" ? cxx : c;
}

std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> words;
  std::string current;
  for (char c : text) {
    if (c == ' ' || c == '\t') {
      if (!current.empty()) {
        words.push_back(current);
      }
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) {
    words.push_back(current);
  }
  return words;
}

// GCC installation directories, as clang's detector looks for them: <prefix>/lib/gcc/<triple>/<version>
// holding crtbegin.o (clang/lib/Driver/ToolChains/Gnu.cpp, Generic_GCC::GCCInstallationDetector).
std::vector<std::string> gcc_installations(const probe::SystemRoot& root) {
  static const std::vector<std::string> bases = {"/usr/lib/gcc/x86_64-linux-gnu", "/usr/lib/gcc/x86_64-redhat-linux",
                                                 "/usr/lib/gcc/x86_64-pc-linux-gnu", "/usr/lib64/gcc/x86_64-suse-linux",
                                                 "/usr/lib/gcc/aarch64-linux-gnu"};
  std::vector<std::string> found;
  for (const auto& base : bases) {
    for (const auto& entry : root.list_dir(base)) {
      std::string dir = base + "/" + entry;
      if (root.exists(dir + "/crtbegin.o")) {
        found.push_back(dir);
      }
    }
  }
  std::sort(found.begin(), found.end(), [](const std::string& a, const std::string& b) {
    return compare_versions(base_name(a), base_name(b)) < 0;
  });
  return found;
}

// "Selected GCC installation: /usr/bin/../lib/gcc/x86_64-linux-gnu/12" from `clang -v`.
std::string selected_gcc(std::string_view output) {
  static constexpr std::string_view marker = "Selected GCC installation: ";
  auto at = output.find(marker);
  if (at == std::string_view::npos) {
    return {};
  }
  auto end = output.find('\n', at);
  std::string_view value = output.substr(at + marker.size(), end == std::string_view::npos ? end : end - at - marker.size());
  while (!value.empty() && (value.back() == '\r' || value.back() == ' ')) {
    value.remove_suffix(1);
  }
  return normalize_path(value);
}

}  // namespace

Compiler locate_compiler(const ProbeContext& context, std::string_view role) {
  Compiler compiler;
  std::string variable = role == "CXX" ? "CXX" : "CC";
  compiler.role = variable;
  auto requested = context.environment.get(variable);
  if (requested && !requested->empty()) {
    auto words = split_words(*requested);
    std::size_t first = 0;
    if (words.size() > 1 && (base_name(words[0]) == "ccache" || base_name(words[0]) == "sccache")) {
      compiler.launcher = base_name(words[0]);
      first = 1;
    }
    compiler.command = words.empty() ? *requested : words[first];
    compiler.how = "$" + variable + "=" + *requested;
    compiler.path = find_on_path(context, compiler.command);
  } else {
    for (const auto& name : cmake_names(role)) {
      std::string path = find_on_path(context, name);
      if (!path.empty()) {
        compiler.command = name;
        compiler.path = path;
        compiler.how = "$" + variable + " unset: first of CMake's names on PATH is " + name;
        break;
      }
    }
    if (compiler.path.empty()) {
      compiler.how = "$" + variable + " unset and none of CMake's names (" + cmake_names(role)[0] + ", " +
                     cmake_names(role)[1] + ", ...) is on PATH";
    }
  }
  if (!compiler.path.empty()) {
    compiler.real_path = resolve_path(context.root, compiler.path, &compiler.links);
  }
  return compiler;
}

void identify(const ProbeContext& context, Compiler& compiler) {
  if (compiler.path.empty()) {
    compiler.run.error = compiler.command.empty() ? "not found" : compiler.command + ": not found on PATH";
    return;
  }
  compiler.run = run_tool(context, {compiler.path, "--version"});
  if (compiler.run.ok()) {
    auto identity = identify_compiler(compiler.run.out);
    compiler.family = identity.family;
    compiler.version = identity.version;
    compiler.version_line = identity.line;
  }
}

void probe_toolchain(const ProbeContext& context, const ToolchainScope& scope, ToolchainFacts& facts) {
  facts.cxx = locate_compiler(context, "CXX");
  facts.cc = locate_compiler(context, "C");
  facts.cmake_path = find_on_path(context, "cmake");
  facts.ninja_path = find_on_path(context, "ninja");
  if (facts.ninja_path.empty()) {
    facts.ninja_path = find_on_path(context, "ninja-build");
  }
  facts.git_path = find_on_path(context, "git");
  facts.ccache_path = find_on_path(context, "ccache");
  for (const auto& name : {"g++", "g++-9", "g++-10", "g++-11", "g++-12", "g++-13", "g++-14", "g++-15"}) {
    std::string path = find_on_path(context, name);
    if (!path.empty()) {
      facts.gxx_on_path.push_back(path);
    }
  }
  auto installations = gcc_installations(context.root);
  facts.clang_gcc.installations = installations;
  for (const auto& dir : installations) {
    facts.gcc_majors.push_back(base_name(dir));
  }
  // The clang whose GCC choice matters: the C++ compiler when it is clang, else clang++/clang on PATH.
  std::string clang = find_on_path(context, "clang++");
  if (clang.empty()) {
    clang = find_on_path(context, "clang");
  }
  facts.clang_gcc.clang_path = clang;

  if (scope.versions) {
    std::vector<std::function<void()>> tasks;
    tasks.emplace_back([&] { identify(context, facts.cxx); });
    tasks.emplace_back([&] { identify(context, facts.cc); });
    if (!facts.cmake_path.empty()) {
      tasks.emplace_back([&] {
        facts.cmake = run_tool(context, {facts.cmake_path, "--version"});
        facts.cmake_version = parse_cmake_version(facts.cmake.out);
      });
    }
    if (!facts.ninja_path.empty()) {
      tasks.emplace_back([&] {
        facts.ninja = run_tool(context, {facts.ninja_path, "--version"});
        facts.ninja_version = parse_ninja_version(facts.ninja.out);
      });
    }
    if (!facts.git_path.empty()) {
      tasks.emplace_back([&] {
        facts.git = run_tool(context, {facts.git_path, "--version"});
        facts.git_version = parse_git_version(facts.git.out);
      });
    }
    if (!clang.empty()) {
      tasks.emplace_back([&] {
        // `clang -v` prints its version and "Selected GCC installation: <dir>" on stderr.
        facts.clang_gcc.clang_v = run_tool(context, {clang, "-v"});
        std::string all = facts.clang_gcc.clang_v.err + facts.clang_gcc.clang_v.out;
        facts.clang_gcc.clang_version = identify_compiler(all).version;
        facts.clang_gcc.selected_by_clang = selected_gcc(all);
      });
    }
    run_concurrently(std::move(tasks));
  }
  auto& clang_gcc = facts.clang_gcc;
  if (!clang_gcc.selected_by_clang.empty()) {
    clang_gcc.selected = clang_gcc.selected_by_clang;
  } else if (!installations.empty() && !clang.empty()) {
    clang_gcc.selected = installations.back();
  }
  if (!clang_gcc.selected.empty()) {
    clang_gcc.selected_version = base_name(clang_gcc.selected);
    // libstdc++-N-dev installs the headers at /usr/include/c++/N (and /usr/include/<triple>/c++/N);
    // RHEL's libstdc++-devel at /usr/include/c++/N as well.
    clang_gcc.headers_dir = "/usr/include/c++/" + clang_gcc.selected_version;
    clang_gcc.headers_present = context.root.exists(clang_gcc.headers_dir + "/cmath");
  }
}

}  // namespace archfit::doctor
