// Where `archfit detect` spends its time, phase by phase, in-process (no process start-up):
//   archfit_detect_phases [SYSROOT] [REPETITIONS]
// Prints the median microseconds of each probe over REPETITIONS runs (default 200) on the live
// system or a captured tree. Used next to bench_detect.py, which measures whole runs against
// nvidia-smi; see docs/performance.md.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "detect/detector.hpp"
#include "detect/host_cpu.hpp"
#include "detect/host_resources.hpp"
#include "detect/host_system.hpp"
#include "detect/kfd_topology.hpp"
#include "detect/pci_devices.hpp"

using namespace archfit;

namespace {

double median_us(int repetitions, const std::function<void()>& body) {
  std::vector<double> samples;
  for (int i = 0; i < repetitions; ++i) {
    auto start = std::chrono::steady_clock::now();
    body();
    samples.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  probe::SystemRoot root(argc > 1 ? argv[1] : "/");
  int repetitions = argc > 2 ? std::atoi(argv[2]) : 200;
  auto environment = probe::Environment::current();
  struct Phase {
    const char* name;
    std::function<void()> body;
  };
  std::vector<Phase> phases = {
      {"pci devices", [&] { detect::read_gpu_pci_devices(root); }},
      {"kfd topology", [&] { detect::read_kfd_topology(root); }},
      {"cpuinfo (first block)", [&] { detect::parse_cpuinfo(root.read_text("/proc/cpuinfo", 16 << 10).text); }},
      {"cpuinfo (all)", [&] { detect::parse_cpuinfo(root.read_text("/proc/cpuinfo").text); }},
      {"resources (meminfo, cgroups)", [&] { detect::read_host_resources(root); }},
      {"system (os, glibc, libstdc++)", [&] { detect::read_host_system(root, environment); }},
      {"detect_system (all)", [&] { detect::detect_system(root, environment); }},
  };
  std::printf("phase\tmedian_us (n=%d, root %s)\n", repetitions, root.root().c_str());
  for (const auto& phase : phases) {
    std::printf("%s\t%.1f\n", phase.name, median_us(repetitions, phase.body));
  }
  return 0;
}
