// CMakeCache.txt: the entries of an earlier configure and the ones this machine would now configure
// differently (doctor/build_cache.hpp).
#include "doctor/build_cache.hpp"

#include <optional>
#include <set>
#include <sstream>

#include "doctor/checks_common.hpp"
#include "doctor/probes.hpp"
#include "knowledge/tsv_table.hpp"

namespace archfit::doctor {

namespace {

std::set<std::string> arch_set(std::string_view value) {
  std::set<std::string> result;
  std::string text(value);
  for (auto& c : text) {
    if (c == ' ' || c == ',') {
      c = ';';
    }
  }
  for (const auto& item : knowledge::split_list_field(text)) {
    std::string arch = item.substr(0, item.find_first_of("+-"));  // "9.0+PTX", "90-real"
    if (arch.starts_with("gfx")) {
      result.insert(processor_of(arch));
    } else {
      std::string digits;
      for (char c : arch) {
        if (c != '.') {
          digits += c;
        }
      }
      result.insert(digits.starts_with("sm_") ? digits : "sm_" + digits);
    }
  }
  return result;
}

std::string install_root_of_cmake_dir(std::string_view dir) {
  // <root>/lib/cmake/hip, <root>/lib/x86_64-linux-gnu/cmake/hip, <root>/lib64/cmake/hip
  for (std::string_view marker : {"/lib/cmake/", "/lib64/cmake/", "/lib/x86_64-linux-gnu/cmake/"}) {
    auto at = dir.find(marker);
    if (at != std::string_view::npos) {
      return std::string(dir.substr(0, at));
    }
  }
  return {};
}

}  // namespace

std::map<std::string, std::string> parse_cmake_cache(std::string_view text) {
  std::map<std::string, std::string> cache;
  std::istringstream lines{std::string(text)};
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#' || line.starts_with("//")) {
      continue;
    }
    auto equals = line.find('=');
    if (equals == std::string::npos) {
      continue;
    }
    std::string key = line.substr(0, equals);
    if (auto colon = key.find(':'); colon != std::string::npos) {
      key = key.substr(0, colon);
    }
    std::string value = line.substr(equals + 1);
    if (!value.empty() && value.back() == '\r') {
      value.pop_back();
    }
    cache[key] = value;
  }
  return cache;
}

std::map<std::string, std::string> resolve_cache_paths(const probe::SystemRoot& root,
                                                       const std::map<std::string, std::string>& cache) {
  std::map<std::string, std::string> resolved;
  for (const char* key : {"CMAKE_CXX_COMPILER", "hip_DIR", "HIP_ROOT_DIR", "ROCM_PATH", "CMAKE_CUDA_COMPILER",
                          "CUDA_TOOLKIT_ROOT_DIR", "CUDAToolkit_ROOT"}) {
    auto found = cache.find(key);
    if (found != cache.end() && found->second.starts_with("/")) {
      resolved[key] = resolve_path(root, found->second);
    }
  }
  return resolved;
}

std::vector<std::string> stale_cache_entries(const Facts& facts, const std::map<std::string, std::string>& cache,
                                             const std::map<std::string, std::string>& cache_real) {
  auto get = [&](const char* key) -> std::optional<std::string> {
    auto found = cache.find(key);
    if (found == cache.end() || found->second.empty()) {
      return std::nullopt;
    }
    return found->second;
  };
  auto real = [&](const char* key) -> std::optional<std::string> {
    auto found = cache_real.find(key);
    if (found == cache_real.end()) {
      return std::nullopt;
    }
    return found->second;
  };
  std::vector<std::string> differences;
  std::set<std::string> targets;
  for (const auto& target : facts.targets) {
    targets.insert(target.starts_with("gfx") ? processor_of(target) : target);
  }
  std::set<std::string> amd;
  std::set<std::string> nvidia;
  for (const auto& target : targets) {
    (target.starts_with("gfx") ? amd : nvidia).insert(target);
  }
  for (const char* key : {"PYTORCH_ROCM_ARCH", "CMAKE_HIP_ARCHITECTURES", "AMDGPU_TARGETS", "GPU_TARGETS",
                          "TORCH_CUDA_ARCH_LIST", "CMAKE_CUDA_ARCHITECTURES"}) {
    auto value = get(key);
    if (!value) {
      continue;
    }
    bool amd_key = std::string_view(key).find("CUDA") == std::string_view::npos;
    const auto& wanted = amd_key ? amd : nvidia;
    if (wanted.empty()) {
      continue;
    }
    auto cached = arch_set(*value);
    if (cached != wanted) {
      std::vector<std::string> now(wanted.begin(), wanted.end());
      differences.push_back(std::string(key) + "=" + *value + " (now: " + join(now, ";") + ")");
    }
  }
  if (auto compiler = get("CMAKE_CXX_COMPILER"); compiler && facts.toolchain.cxx.found()) {
    std::string cached_real = real("CMAKE_CXX_COMPILER").value_or(*compiler);
    if (cached_real != facts.toolchain.cxx.real_path && *compiler != facts.toolchain.cxx.path) {
      differences.push_back("CMAKE_CXX_COMPILER=" + *compiler + " (now: " + facts.toolchain.cxx.path +
                            (facts.toolchain.cxx.real_path != facts.toolchain.cxx.path ? " -> " + facts.toolchain.cxx.real_path : "") + ")");
    }
  }
  if (facts.backend == "rocm") {
    const RocmInstall* rocm = selected_rocm(facts);
    for (const char* key : {"hip_DIR", "HIP_ROOT_DIR", "ROCM_PATH"}) {
      auto value = get(key);
      if (!value || rocm == nullptr || value->ends_with("-NOTFOUND")) {
        continue;
      }
      bool cmake_dir = std::string(key) == "hip_DIR";
      std::string root = cmake_dir ? install_root_of_cmake_dir(*value) : normalize_path(*value);
      std::string resolved = real(key).value_or(*value);
      std::string real_root = cmake_dir ? install_root_of_cmake_dir(resolved) : resolved;
      if (!root.empty() && real_root != rocm->root && root != rocm->root) {
        differences.push_back(std::string(key) + "=" + *value + " (now: " + rocm->root + ")");
      }
    }
  }
  if (facts.backend == "cuda") {
    const NvccInstall* nvcc = selected_nvcc(facts);
    for (const char* key : {"CMAKE_CUDA_COMPILER", "CUDA_TOOLKIT_ROOT_DIR", "CUDAToolkit_ROOT"}) {
      auto value = get(key);
      if (!value || nvcc == nullptr) {
        continue;
      }
      bool compiler_key = std::string(key) == "CMAKE_CUDA_COMPILER";
      std::string home = compiler_key ? parent_dir(parent_dir(*value)) : normalize_path(*value);
      std::string resolved = real(key).value_or(*value);
      std::string real_home = compiler_key ? parent_dir(parent_dir(resolved)) : resolved;
      if (real_home != nvcc->real_home && home != nvcc->home) {
        differences.push_back(std::string(key) + "=" + *value + " (now: " + nvcc->home + ")");
      }
    }
  }
  if (facts.python.ok()) {
    for (const char* key : {"Python_EXECUTABLE", "PYTHON_EXECUTABLE", "Python3_EXECUTABLE"}) {
      auto value = get(key);
      if (!value) {
        continue;
      }
      // Compare environments (the prefix above bin/), not interpreters: every venv's python links to the same binary.
      std::string cached_prefix = parent_dir(parent_dir(*value));
      std::string now_prefix = facts.python.prefix;
      if (normalize_path(cached_prefix) != normalize_path(now_prefix)) {
        differences.push_back(std::string(key) + "=" + *value + " (now: " + facts.python.interpreter + " in " + now_prefix + ")");
      }
      break;
    }
  }
  return differences;
}

}  // namespace archfit::doctor
