// The device-visibility variables, parsed by the rules of the runtimes that read them.
//
// CUDA_VISIBLE_DEVICES (CUDA programming guide, "Environment variables"), ROCR_VISIBLE_DEVICES
// (ROCR amd_filter_device.h), HIP_VISIBLE_DEVICES (HIP on top of ROCr's list; HIP falls back to
// CUDA_VISIBLE_DEVICES when it is unset):
// - unset: every device; set but empty: none;
// - a comma-separated list of indices or UUIDs ("GPU-<hex>", a unique prefix is enough; NVIDIA
//   also takes "MIG-…"); the list order is the enumeration order;
// - the first token that is not a valid index or a known UUID, or repeats an earlier one, ends
//   the list: "0,2,-1,1" exposes devices 0 and 2.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace archfit::detect {

struct VisibleDevices {
  // Positions into the device list given, in the order programs will see them.
  std::vector<std::size_t> devices;
  // The token that ended the list early and why, or empty when every token was used.
  std::string stopped_at;
  std::string stop_reason;
};

// `value`: the variable's value (set); `uuids`: the candidates' UUIDs in enumeration order
// ("GPU-…"; empty strings for devices whose UUID is unknown).
VisibleDevices parse_visible_devices(std::string_view value, const std::vector<std::string>& uuids);

}  // namespace archfit::detect
