// KFD topology: /sys/class/kfd/kfd/topology/nodes/<N>/ has one directory per HSA node (CPU
// sockets and GPUs, or one combined node on old APUs). Per node:
//   properties  one "<key> <decimal>" line per key (kernel kfd_topology.c node_show); the key set
//               grows across kernels, so keys are looked up by name, never by position
//   gpu_id      0 for CPU nodes, otherwise a hash KFD uses as the device handle
//   name        the asic name, or "ip discovery" for modern GPUs (useless for naming)
//   mem_banks/<M>/properties  heap_type (1/2 = frame buffer public/private) and size_in_bytes
// A container's device cgroup makes reads of hidden GPUs' files fail with EPERM.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "probe/system_root.hpp"

namespace archfit::detect {

using KfdProperties = std::map<std::string, std::uint64_t, std::less<>>;

// Parses a properties file; malformed lines are skipped.
KfdProperties parse_kfd_properties(std::string_view text);

struct KfdNode {
  unsigned index = 0;              // N in nodes/N
  KfdProperties properties;
  int read_error = 0;              // errno of reading `properties` (EPERM: hidden)
  std::optional<std::uint64_t> gpu_id;
  std::string name;
  std::optional<std::uint64_t> vram_bytes;  // sum of the frame-buffer memory banks

  std::uint64_t get(std::string_view key, std::uint64_t fallback = 0) const;
  bool has(std::string_view key) const { return properties.find(key) != properties.end(); }
  // simd_count > 0 and a non-zero gfx_target_version (or, on kernels too old to print it, a
  // non-zero gpu_id): the node is (or contains) a GPU.
  bool is_gpu() const;
  // A CPU is part of this node: a CPU-only node, or an old-style APU node that holds both.
  bool has_cpu_cores() const { return get("cpu_cores_count") > 0; }
  // "0000:c1:00.0" from `domain` and `location_id` (= bus << 8 | device << 3 | function).
  std::string pci_address() const;
};

struct KfdTopology {
  bool present = false;  // the nodes directory exists
  std::vector<KfdNode> nodes;
};

KfdTopology read_kfd_topology(const probe::SystemRoot& root);

inline constexpr std::string_view k_kfd_nodes_dir = "/sys/class/kfd/kfd/topology/nodes";

}  // namespace archfit::detect
