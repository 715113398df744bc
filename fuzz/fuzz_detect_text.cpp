// Fuzzes every parser of text that `detect` reads from the system or from users: KFD properties,
// /proc/cpuinfo, os-release, amdgpu.ids, /proc/driver/nvidia files, *_VISIBLE_DEVICES values,
// HSA_OVERRIDE_GFX_VERSION, saved rocminfo / nvidia-smi outputs, and /etc/ld.so.cache (binary).
// The first byte picks the parser; the rest is its input.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "binfmt/ld_so_cache.hpp"
#include "detect/amdgpu_ids.hpp"
#include "detect/gfx_target_version.hpp"
#include "detect/host_cpu.hpp"
#include "detect/host_resources.hpp"
#include "detect/host_system.hpp"
#include "detect/kfd_topology.hpp"
#include "detect/nvidia_procfs.hpp"
#include "detect/tool_output_parsers.hpp"
#include "detect/visible_devices.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace archfit::detect;
  if (size == 0) {
    return 0;
  }
  std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  switch (data[0] % 11) {
    case 0: (void)parse_kfd_properties(text); break;
    case 1: (void)parse_cpuinfo(text); break;
    case 2: (void)parse_os_release(text); break;
    case 3: (void)parse_amdgpu_ids(text); break;
    case 4: (void)parse_nvidia_driver_version(text); (void)parse_nvidia_gpu_information(text); break;
    case 5: {
      auto visible = parse_visible_devices(text, {"GPU-0a", "GPU-0b", "", "GPU-1"});
      for (auto index : visible.devices) {
        if (index >= 4) {
          __builtin_trap();  // indices must point into the list given
        }
      }
      break;
    }
    case 6: {
      auto version = parse_gfx_override(text);
      if (version) {
        (void)version->processor_name();
      }
      (void)parse_gfx_processor_name(text);
      break;
    }
    case 7: {
      std::string failure;
      auto gpus = parse_rocminfo(text, &failure);
      if (gpus && !failure.empty() && !gpus->empty()) {
        __builtin_trap();  // a tool error is reported only for an output that names no GPU
      }
      break;
    }
    case 8: {
      std::string driver;
      std::string failure;
      auto gpus = parse_nvidia_smi(text, &driver, &failure);
      if (gpus && !failure.empty() && !gpus->empty()) {
        __builtin_trap();
      }
      break;
    }
    case 9: (void)count_cpu_list(text); break;
    case 10: (void)archfit::binfmt::parse_ld_so_cache(archfit::Bytes(data + 1, size - 1)); break;
  }
  return 0;
}
