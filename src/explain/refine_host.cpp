// Context for the host categories: cpu-isa, libstdcxx-version, abi-mismatch, oom.
#include <cxxabi.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <memory>

#include <fmt/format.h>

#include "binfmt/elf_host_needs.hpp"
#include "explain/refiner.hpp"

namespace archfit::explain {

namespace {

// "x86-64-v3" → 3, "x86-64" → 1, else 0.
int isa_level_number(std::string_view level) {
  if (level == "x86-64" || level == "x86-64-v1") {
    return 1;
  }
  if (level.starts_with("x86-64-v") && level.size() == 9 && level[8] >= '1' && level[8] <= '4') {
    return level[8] - '0';
  }
  return 0;
}

std::string describe_cpu(const detect::HostCpu& cpu) {
  std::string text = fmt::format("this CPU: {}, {}", cpu.model.empty() ? cpu.vendor : cpu.model,
                                 cpu.isa_level.empty() ? "level unknown" : cpu.isa_level);
  if (!cpu.missing_for_next_level.empty()) {
    text += fmt::format(" (lacks {} of the next level)", join_list(cpu.missing_for_next_level));
  }
  return text;
}

std::string demangle(const std::string& symbol) {
  int status = 0;
  std::unique_ptr<char, decltype(&std::free)> name(abi::__cxa_demangle(symbol.c_str(), nullptr, nullptr, &status),
                                                   &std::free);
  return status == 0 && name ? std::string(name.get()) : std::string();
}

// torch's version from <site-packages>/torch/version.py ("__version__ = '2.3.0+cu121'").
std::string torch_version_in(const MachineContext& machine, const std::string& site_packages) {
  auto local = machine.local_path(site_packages + "/torch/version.py");
  if (!local) {
    return {};
  }
  std::ifstream file(*local);
  std::string line;
  while (std::getline(file, line)) {
    if (line.starts_with("__version__")) {
      std::size_t open = line.find_first_of("'\"");
      std::size_t close = open == std::string::npos ? open : line.find(line[open], open + 1);
      if (close != std::string::npos) {
        return line.substr(open + 1, close - open - 1);
      }
    }
  }
  return {};
}

// One sentence comparing a libstdc++/libc's highest version with the one the log needs.
void compare_runtime(Finding& finding, std::string_view label, const std::string& path,
                     const std::map<std::string, std::string>& highest, const std::string& name_space,
                     const std::string& needed) {
  auto found = highest.find(name_space);
  if (path.empty() || found == highest.end()) {
    return;
  }
  if (binfmt::symbol_version_less(found->second, needed)) {
    finding.details.push_back(fmt::format("{} ({}) stops at {}: it lacks {}", label, path, found->second, needed));
  } else {
    finding.details.push_back(fmt::format("{} ({}) has {} (its newest is {})", label, path, needed, found->second));
  }
}

}  // namespace

void refine_cpu_isa(Finding& finding, PlaceholderValues& /*values*/, const RefineInput& input) {
  static const std::regex k_avx{R"(AVX(2|512))"};
  auto avx = capture(finding, k_avx);
  std::string needed_flag = !avx ? std::string() : *avx == "2" ? "avx2" : "avx512f";
  if (avx) {
    finding.details.push_back(fmt::format("the crash is in code compiled for AVX{}", *avx));
  }
  if (input.machine == nullptr) {
    if (avx) {
      finding.details.push_back(fmt::format("the CPU that ran it lacks {}: the CPU is the cause, not the GPU", needed_flag));
    }
    return;
  }
  MachineContext& machine = *input.machine;
  const auto& cpu = machine.report().host.cpu;
  finding.details.push_back(describe_cpu(cpu));
  int cpu_level = isa_level_number(cpu.isa_level);
  bool cpu_is_cause = false;
  for (const auto& library : input.log.facts.libraries) {
    const LibraryFacts& facts = machine.library(library.value);
    int needed_level = isa_level_number(facts.x86_isa_level);
    if (needed_level == 0) {
      continue;
    }
    if (cpu_level != 0 && needed_level > cpu_level) {
      cpu_is_cause = true;
      finding.details.push_back(fmt::format("{} needs {} and this CPU is {}: the CPU is the cause, not the GPU",
                                            library.value, facts.x86_isa_level, cpu.isa_level));
    } else {
      finding.details.push_back(fmt::format("{} needs {}, which this CPU provides", library.value, facts.x86_isa_level));
    }
  }
  if (!needed_flag.empty() && !cpu.flags.empty()) {
    if (!cpu.has_flag(needed_flag)) {
      if (!cpu_is_cause) {
        finding.details.push_back(fmt::format("this CPU has no {}: the CPU is the cause, not the GPU", needed_flag));
      }
    } else {
      finding.details.push_back(fmt::format("this CPU has {}, so it runs that code: the log most likely comes from "
                                            "another machine (or from a VM configured with a CPU model without it)",
                                            needed_flag));
    }
  } else if (!cpu_is_cause && cpu_level >= 3) {
    finding.details.push_back(fmt::format("this CPU is {}: a library built for a common x86-64 level runs on it; if the "
                                          "log came from this machine, check the libraries it loads with archfit scan "
                                          "(needs: x86-64-vN), or whether it needs an extension beyond that level",
                                          cpu.isa_level));
  }
}

void refine_libstdcxx_version(Finding& finding, PlaceholderValues& /*values*/, const RefineInput& input) {
  static const std::regex k_not_found{
      R"(([^ ]+): version .(((GLIBCXX|CXXABI|GLIBC)_)[0-9.]+). not found( \(required by ([^)]+)\))?)"};
  std::string storage;
  auto match = capture_all(finding, k_not_found, storage);
  if (!match) {
    return;
  }
  std::string loaded = (*match)[1].str();
  std::string needed = (*match)[2].str();
  std::string name_space = (*match)[4].str();
  std::string required_by = (*match)[6].matched ? (*match)[6].str() : std::string();
  while (!loaded.empty() && loaded.back() == ':') {
    loaded.pop_back();
  }
  finding.details.push_back(fmt::format("{} needs {}, and the {} that was loaded, {}, does not define it",
                                        required_by.empty() ? "the program" : required_by, needed,
                                        name_space == "GLIBC" ? "C library" : "C++ runtime", loaded));
  if (input.machine == nullptr) {
    return;
  }
  MachineContext& machine = *input.machine;
  const auto& system = machine.report().host.system;
  const LibraryFacts& loaded_here = machine.library(loaded);
  if (!loaded_here.local_path.empty() && !loaded_here.highest_defined.empty()) {
    compare_runtime(finding, "that library here", loaded_here.local_path, loaded_here.highest_defined, name_space,
                    needed);
  }
  bool system_has = false;
  if (name_space == "GLIBC") {
    compare_runtime(finding, "this machine's glibc", system.libc.path, system.libc.highest, name_space, needed);
    auto found = system.libc.highest.find(name_space);
    system_has = found != system.libc.highest.end() && !binfmt::symbol_version_less(found->second, needed);
  } else {
    compare_runtime(finding, "this machine's libstdc++", system.libstdcxx.path, system.libstdcxx.highest, name_space,
                    needed);
    auto found = system.libstdcxx.highest.find(name_space);
    system_has = found != system.libstdcxx.highest.end() && !binfmt::symbol_version_less(found->second, needed);
    if (!system.conda_libstdcxx.path.empty()) {
      compare_runtime(finding, "the conda environment's libstdc++", system.conda_libstdcxx.path,
                      system.conda_libstdcxx.highest, name_space, needed);
    }
    if (system_has && loaded.find("conda") != std::string::npos) {
      finding.details.push_back(fmt::format("the system's copy has it, so the conda environment's older copy shadows "
                                            "it: update it in that env or LD_PRELOAD={}",
                                            system.libstdcxx.path));
    }
  }
  if (!required_by.empty()) {
    const LibraryFacts& binary = machine.library(required_by);
    auto highest = binary.highest_needed.find(name_space);
    if (highest != binary.highest_needed.end()) {
      finding.details.push_back(fmt::format("{} here needs up to {}", required_by, highest->second));
    }
  }
}

void refine_abi_mismatch(Finding& finding, PlaceholderValues& values, const RefineInput& input) {
  static const std::regex k_symbol{R"(symbol: (_Z[A-Za-z0-9_]+))"};
  static const std::regex k_library{R"(([^ '"`(]+\.so[.0-9]*): undefined)"};
  if (auto symbol = capture(finding, k_symbol)) {
    std::string readable = demangle(*symbol);
    if (!readable.empty()) {
      finding.details.push_back(fmt::format("the missing symbol is {}", readable));
    }
  }
  auto library = capture(finding, k_library);
  if (!library) {
    return;
  }
  std::string site_packages = site_packages_of(*library);
  if (!site_packages.empty()) {
    std::string rest = library->substr(site_packages.size() + 1);
    std::size_t slash = rest.find('/');
    if (slash != std::string::npos) {
      values["pkg"] = rest.substr(0, slash);
    }
  }
  if (input.machine == nullptr || site_packages.empty()) {
    return;
  }
  std::string torch = torch_version_in(*input.machine, site_packages);
  if (!torch.empty()) {
    finding.details.push_back(fmt::format("the torch installed next to it ({}/torch) is {}: the extension must be "
                                          "built against exactly that version",
                                          site_packages, torch));
  }
}

void refine_oom(Finding& finding, PlaceholderValues& values, const RefineInput& input) {
  if (input.machine == nullptr) {
    return;
  }
  const auto& host = input.machine->report().host;
  auto memory = host.resources.usable_memory_bytes();
  unsigned cpus = host.resources.usable_cpus(host.cpu.logical_cpus);
  if (!memory) {
    return;
  }
  // The fix's rule of thumb: one compile job per 4 GB (heavy CUDA/HIP sources need that much),
  // and never more jobs than CPUs.
  double gib = static_cast<double>(*memory) / static_cast<double>(std::uint64_t{1} << 30);
  auto fit = static_cast<unsigned>(std::max(1.0, std::floor(gib / 4.0)));
  unsigned jobs = cpus > 0 ? std::min(fit, cpus) : fit;
  values["RAM in GB / 4"] = std::to_string(jobs);
  values["n"] = std::to_string(jobs);
  finding.details.push_back(fmt::format(
      "this machine: {:.1f} GiB of memory usable{}, {} CPU{}; the memory fits {} compile job{} at about 4 GiB each{}: "
      "MAX_JOBS={}",
      gib, host.resources.cgroup_memory_limit_bytes ? " (cgroup limit)" : "", cpus, cpus == 1 ? "" : "s", fit,
      fit == 1 ? "" : "s", fit < cpus ? ", fewer than the one per CPU a build tool starts by default" : "", jobs));
}

}  // namespace archfit::explain
