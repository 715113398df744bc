// Context for the toolchain categories: rocm-path, compiler-version, missing-headers, cmake-version.
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "explain/refiner.hpp"

namespace archfit::explain {

namespace {

bool all_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// ROCm install roots worth looking in: $ROCM_PATH, $ROCM_HOME, $HIP_PATH, /opt/rocm, /opt/rocm-*.
std::vector<std::string> rocm_roots(const MachineContext& machine) {
  std::vector<std::string> roots;
  auto add = [&](const std::string& root) {
    if (!root.empty() && std::find(roots.begin(), roots.end(), root) == roots.end() && machine.exists(root)) {
      roots.push_back(root);
    }
  };
  for (const char* variable : {"ROCM_PATH", "ROCM_HOME", "HIP_PATH"}) {
    add(machine.environment().get(variable).value_or(""));
  }
  add("/opt/rocm");
  for (const auto& name : machine.list_dir("/opt")) {
    if (name.starts_with("rocm-")) {
      add("/opt/" + name);
    }
  }
  return roots;
}

// "gcc-12" names in /usr/bin → {12}.
std::vector<int> installed_gcc_versions(const MachineContext& machine) {
  std::vector<int> versions;
  for (const auto& name : machine.list_dir("/usr/bin")) {
    if (name.starts_with("gcc-") && all_digits(std::string_view(name).substr(4)) && name.size() < 8) {
      versions.push_back(std::stoi(name.substr(4)));
    }
  }
  std::sort(versions.begin(), versions.end());
  return versions;
}

void refine_rocm_tool_not_found(Finding& finding, PlaceholderValues& values, const RefineInput& input) {
  static const std::regex k_missing_tool{R"(sh: [0-9]+: ([^ ]+): not found)"};
  auto tool = capture(finding, k_missing_tool);
  if (!tool) {
    return;
  }
  // hipcc runs $ROCM_PATH/lib/llvm/bin/clang++ and $ROCM_PATH/bin/<tool>: strip that suffix.
  std::string used;
  for (std::string_view suffix_dir : {"/lib/llvm/bin/", "/llvm/bin/", "/bin/"}) {
    std::size_t at = tool->rfind(suffix_dir);
    if (at != std::string::npos) {
      used = tool->substr(0, at);
      break;
    }
  }
  if (used.empty()) {
    return;
  }
  finding.details.push_back(fmt::format("the ROCm root the tools were looked for in is {} ({} is not there)", used, *tool));
  if (input.machine == nullptr) {
    return;
  }
  const MachineContext& machine = *input.machine;
  for (const std::string& candidate : {used + "/install", used}) {
    if (machine.exists(candidate + "/bin/hipcc") || machine.exists(candidate + "/lib/llvm/bin/clang++")) {
      values["install root containing bin/ and lib/llvm/"] = candidate;
      finding.details.push_back(fmt::format("{} holds bin/ and lib/llvm/ here: that is the root ROCM_PATH must name",
                                            candidate));
      return;
    }
  }
  finding.details.push_back(machine.exists(used) ? fmt::format("neither {} nor {}/install holds bin/hipcc here", used, used)
                                                 : fmt::format("{} does not exist on this machine", used));
  auto roots = rocm_roots(machine);
  if (!roots.empty()) {
    finding.details.push_back(fmt::format("ROCm installs here: {}", join_list(roots)));
  }
}

void refine_device_libs(Finding& finding, const MachineContext& machine) {
  std::vector<std::string> found;
  for (const auto& root : rocm_roots(machine)) {
    // ROCm releases: amdgcn/bitcode; TheRock: lib/llvm/amdgcn/bitcode; older: llvm/amdgcn/bitcode.
    for (std::string_view layout : {"/amdgcn/bitcode", "/lib/llvm/amdgcn/bitcode", "/llvm/amdgcn/bitcode"}) {
      if (machine.exists(root + std::string(layout) + "/ocml.bc")) {
        found.push_back(root + std::string(layout));
      }
    }
  }
  // Debian's rocm-device-libs package.
  if (machine.exists("/usr/lib/x86_64-linux-gnu/amdgcn/bitcode/ocml.bc")) {
    found.push_back("/usr/lib/x86_64-linux-gnu/amdgcn/bitcode");
  }
  if (found.empty()) {
    finding.details.push_back("no ROCm device libraries (ocml.bc) were found here under $ROCM_PATH, /opt/rocm* or "
                              "Debian's /usr/lib/x86_64-linux-gnu/amdgcn/bitcode");
  } else {
    finding.details.push_back(fmt::format("device libraries here: {}: export HIP_DEVICE_LIB_PATH={}", join_list(found),
                                          found.front()));
  }
}

void refine_cmake_config(Finding& finding, const MachineContext& machine) {
  static const std::regex k_package{R"re(provided by "([A-Za-z0-9_-]+)")re"};
  auto package = capture(finding, k_package);
  if (!package) {
    return;
  }
  std::vector<std::string> directories;
  for (const auto& root : rocm_roots(machine)) {
    directories.push_back(root + "/lib/cmake");
  }
  directories.push_back("/usr/lib/x86_64-linux-gnu/cmake");  // Debian's ROCm packages
  for (const auto& directory : directories) {
    for (const std::string& file : {*package + "-config.cmake", *package + "Config.cmake"}) {
      std::string path = directory + "/" + *package + "/" + file;
      if (machine.exists(path)) {
        finding.details.push_back(fmt::format("{} is here: export CMAKE_PREFIX_PATH={}", path, directory));
        return;
      }
    }
  }
  finding.details.push_back(fmt::format("no {}-config.cmake was found here under $ROCM_PATH, /opt/rocm* or "
                                        "/usr/lib/x86_64-linux-gnu/cmake: is that ROCm component installed?",
                                        *package));
}

void refine_cuda_home(Finding& finding, PlaceholderValues& values, const MachineContext& machine) {
  std::vector<std::string> toolkits;
  for (const auto& name : machine.list_dir("/usr/local")) {
    if ((name == "cuda" || name.starts_with("cuda-")) && machine.exists("/usr/local/" + name + "/bin/nvcc")) {
      toolkits.push_back("/usr/local/" + name);
    }
  }
  for (const auto& toolkit : toolkits) {
    if (toolkit.starts_with("/usr/local/cuda-")) {
      values["ver"] = toolkit.substr(16);
      break;
    }
  }
  if (toolkits.empty()) {
    finding.details.push_back("no CUDA toolkit (/usr/local/cuda*/bin/nvcc) is installed here");
  } else {
    finding.details.push_back(fmt::format("CUDA toolkits here: {}", join_list(toolkits)));
  }
  if (!machine.gpus(model::Vendor::amd).empty() && machine.gpus(model::Vendor::nvidia).empty()) {
    finding.details.push_back(fmt::format("this machine's GPU is AMD ({}): only a CUDA build of torch asks for CUDA_HOME, "
                                          "so a ROCm torch is what is missing",
                                          describe_gpus(machine, model::Vendor::amd)));
  }
}

// A ROCm root with bin/hipcc here (Debian's packages put it in /usr/bin): the value for
// <ROCm install root>, with what PATH says about it.
void refine_rocm_root(Finding& finding, PlaceholderValues& values, const MachineContext& machine) {
  std::vector<std::string> candidates = rocm_roots(machine);
  candidates.push_back("/usr");
  for (const auto& root : candidates) {
    if (!machine.exists(root + "/bin/hipcc")) {
      continue;
    }
    values["ROCm install root"] = root;
    std::string path = machine.environment().get("PATH").value_or("");
    bool on_path = (":" + path + ":").find(":" + root + "/bin:") != std::string::npos;
    finding.details.push_back(fmt::format("ROCm here: {} (bin/hipcc present; {}/bin is {}on PATH)", root, root,
                                          on_path ? "" : "not "));
    return;
  }
  finding.details.push_back("no ROCm install with bin/hipcc was found here ($ROCM_PATH, $ROCM_HOME, $HIP_PATH, "
                            "/opt/rocm, /opt/rocm-*, /usr)");
}

}  // namespace

void refine_rocm_path(Finding& finding, PlaceholderValues& values, const RefineInput& input) {
  if (finding.id == "rocm-tool-not-found") {
    refine_rocm_tool_not_found(finding, values, input);
    return;
  }
  if (auto home = capture(finding, std::regex{R"(ROCM_HOME='([^']*)')"})) {
    finding.details.push_back(fmt::format("torch found ROCM_HOME={} but is itself not a ROCm build "
                                          "(torch.version.hip is None)",
                                          *home));
  }
  if (input.machine == nullptr) {
    return;
  }
  if (finding.id == "rocm-device-lib-not-found") {
    refine_device_libs(finding, *input.machine);
  } else if (finding.id == "hip-cmake-config-not-found") {
    refine_cmake_config(finding, *input.machine);
  } else if (finding.id == "cuda-home-not-set") {
    refine_cuda_home(finding, values, *input.machine);
  } else if (finding.id == "rocm-home-not-set" || finding.id == "find-hip-module-failed" ||
             finding.id == "hipcc-not-on-path") {
    refine_rocm_root(finding, values, *input.machine);
  }
}

void refine_compiler_version(Finding& finding, PlaceholderValues& values, const RefineInput& input) {
  if (finding.id == "rocm-device-lib-missing-target") {
    if (auto target = capture(finding, std::regex{R"(device library for (gfx[0-9a-f]+))"})) {
      values["gfx"] = *target;
      finding.details.push_back(fmt::format("the compiler has no device library for {}: the ROCm release in use predates "
                                            "that target (a path variable cannot add it)",
                                            *target));
    }
    return;
  }
  if (auto limit = capture(finding, std::regex{R"(gcc versions later than ([0-9]+))"})) {
    int highest_allowed = std::stoi(*limit);
    values["N"] = *limit;
    finding.details.push_back(fmt::format("this CUDA accepts gcc {} at most", highest_allowed));
    if (input.machine != nullptr) {
      auto versions = installed_gcc_versions(*input.machine);
      auto usable = std::find_if(versions.rbegin(), versions.rend(), [&](int v) { return v <= highest_allowed; });
      if (usable != versions.rend()) {
        values["N"] = std::to_string(*usable);
        finding.details.push_back(fmt::format("gcc-{} is installed here (/usr/bin/gcc-{}) and within that limit", *usable,
                                              *usable));
      } else if (!versions.empty()) {
        std::vector<std::string> names;
        for (int v : versions) {
          names.push_back(fmt::format("gcc-{}", v));
        }
        finding.details.push_back(fmt::format("no gcc <= {} is installed here ({}): install one or use a newer CUDA",
                                              highest_allowed, join_list(names)));
      }
    }
  }
  if (auto arch = capture(finding, std::regex{R"('compute_([0-9]+)[a-z]?')"})) {
    finding.details.push_back(fmt::format("the build asked for compute_{} (compute capability {})", *arch,
                                          sm_to_capability("sm_" + *arch)));
    if (input.machine != nullptr && !input.machine->cuda_capabilities().empty()) {
      std::string here = join_list(input.machine->cuda_capabilities(), ";");
      finding.details.push_back(fmt::format("this machine's GPU: {}: TORCH_CUDA_ARCH_LIST=\"{}\" builds only for it",
                                            describe_gpus(*input.machine, model::Vendor::nvidia), here));
    }
  }
  if (auto cuda = capture(finding, std::regex{R"(by CUDA ([0-9.]+) \(([0-9.]+)\))"}, 0)) {
    finding.details.push_back(fmt::format("torch's table: {}", *cuda));
  }
}

void refine_missing_headers(Finding& finding, PlaceholderValues& values, const RefineInput& input) {
  if (input.machine == nullptr) {
    return;
  }
  const MachineContext& machine = *input.machine;
  if (finding.id == "cmath-not-found") {
    int newest = -1;
    for (const auto& name : machine.list_dir("/usr/lib/gcc/x86_64-linux-gnu")) {
      if (all_digits(name) && name.size() < 4) {
        newest = std::max(newest, std::stoi(name));
      }
    }
    if (newest < 0) {
      finding.details.push_back("no GCC installation under /usr/lib/gcc/x86_64-linux-gnu here");
      return;
    }
    values["N"] = std::to_string(newest);
    std::string headers = fmt::format("/usr/include/c++/{}", newest);
    if (machine.exists(headers + "/cmath")) {
      finding.details.push_back(fmt::format("the newest GCC here, {}, has its C++ headers ({}): the log likely comes from "
                                            "another machine, or the compiler was pointed at another GCC "
                                            "(--gcc-toolchain)",
                                            newest, headers));
    } else {
      finding.details.push_back(fmt::format("the newest GCC here is {} (/usr/lib/gcc/x86_64-linux-gnu/{}) and {} is "
                                            "missing: clang picks that GCC and finds no <cmath>",
                                            newest, newest, headers));
    }
  } else if (finding.id == "python-h-not-found") {
    std::vector<std::string> with_headers;
    for (const auto& name : machine.list_dir("/usr/include")) {
      if (name.starts_with("python3") && machine.exists("/usr/include/" + name + "/Python.h")) {
        with_headers.push_back("/usr/include/" + name);
      }
    }
    finding.details.push_back(with_headers.empty()
                                  ? std::string("no /usr/include/python3*/Python.h here: the dev package is missing")
                                  : fmt::format("Python headers here: {} (the interpreter that builds must match one)",
                                                join_list(with_headers)));
  }
}

void refine_cmake_version(Finding& finding, PlaceholderValues& values, const RefineInput& /*input*/) {
  static const std::regex k_versions{R"(CMake ([0-9][0-9.]*) or higher is required\. +You are running version ([0-9.]+))"};
  std::string storage;
  if (auto match = capture_all(finding, k_versions, storage)) {
    values["required version"] = (*match)[1].str();
    finding.details.push_back(fmt::format("the project needs CMake {} or newer; the CMake that ran is {}",
                                          (*match)[1].str(), (*match)[2].str()));
  }
}

}  // namespace archfit::explain
