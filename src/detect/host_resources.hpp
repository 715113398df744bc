// Memory and CPUs this process may really use: the machine's, cut down by cgroup limits and the
// CPU affinity mask — what decides how many compile jobs fit.
//   /proc/meminfo              "MemTotal:  131900000 kB", "MemAvailable: …"
//   /proc/self/status          "Cpus_allowed_list:\t0-15" (the affinity mask, as sched_getaffinity)
//   /proc/self/cgroup          v2: "0::/<path>"; v1: "<id>:<controllers>:/<path>"
//   cgroup v2 (/sys/fs/cgroup/<path>/): memory.max ("max" or bytes), cpu.max ("max 100000" or
//     "<quota> <period>"); a limit anywhere up the tree applies, so the smallest one counts
//   cgroup v1: memory/<path>/memory.limit_in_bytes (≥ 2^62: unlimited),
//     cpu,cpuacct/<path>/cpu.cfs_quota_us (-1: unlimited) and cpu.cfs_period_us
// (kernel Documentation/admin-guide/cgroup-v2.rst and cgroup-v1/{memory,cpu}.rst; proc(5)).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "probe/system_root.hpp"

namespace archfit::detect {

struct HostResources {
  std::optional<std::uint64_t> memory_total_bytes;
  std::optional<std::uint64_t> memory_available_bytes;
  std::optional<std::uint64_t> cgroup_memory_limit_bytes;  // nullopt: no limit
  std::optional<double> cgroup_cpu_limit;                  // CPUs' worth of quota; nullopt: none
  std::optional<unsigned> affinity_cpus;                   // CPUs in the affinity mask
  unsigned cgroup_version = 0;                             // 1, 2, or 0 when not found
  std::string cgroup_path;

  // min(total, cgroup limit); available, when known, is also bounded by the limit.
  std::optional<std::uint64_t> usable_memory_bytes() const;
  // min(affinity, ceil(cgroup quota)), given the logical CPU count as a fallback.
  unsigned usable_cpus(unsigned logical_cpus) const;
};

HostResources read_host_resources(const probe::SystemRoot& root);

// "0-3,8,10-11" → 7.
std::optional<unsigned> count_cpu_list(std::string_view list);

}  // namespace archfit::detect
