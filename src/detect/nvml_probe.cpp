#include "detect/nvml_probe.hpp"

#include <dlfcn.h>

#include <fmt/format.h>

namespace archfit::detect {

namespace {

// The NVML ABI pieces used (nvml.h): opaque device handles, int return codes (0 = success),
// nvmlPciInfo_t {char busIdLegacy[16]; unsigned domain, bus, device, pciDeviceId,
// pciSubSystemId; char busId[32];}.
using NvmlReturn = int;
using NvmlDeviceHandle = void*;
struct NvmlPciInfo {
  char bus_id_legacy[16];
  unsigned domain;
  unsigned bus;
  unsigned device;
  unsigned pci_device_id;
  unsigned pci_subsystem_id;
  char bus_id[32];
};

template <class F>
F symbol(void* library, const char* name) {
  return reinterpret_cast<F>(::dlsym(library, name));
}

}  // namespace

NvmlProbe probe_nvml() {
  NvmlProbe probe;
  void* library = ::dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) {
    const char* why = ::dlerror();
    probe.error = why != nullptr ? why : "dlopen(libnvidia-ml.so.1) failed";
    return probe;
  }
  auto init = symbol<NvmlReturn (*)()>(library, "nvmlInit_v2");
  auto shutdown = symbol<NvmlReturn (*)()>(library, "nvmlShutdown");
  auto count = symbol<NvmlReturn (*)(unsigned*)>(library, "nvmlDeviceGetCount_v2");
  auto by_index = symbol<NvmlReturn (*)(unsigned, NvmlDeviceHandle*)>(library, "nvmlDeviceGetHandleByIndex_v2");
  auto capability = symbol<NvmlReturn (*)(NvmlDeviceHandle, int*, int*)>(library, "nvmlDeviceGetCudaComputeCapability");
  auto pci_info = symbol<NvmlReturn (*)(NvmlDeviceHandle, NvmlPciInfo*)>(library, "nvmlDeviceGetPciInfo_v3");
  auto get_name = symbol<NvmlReturn (*)(NvmlDeviceHandle, char*, unsigned)>(library, "nvmlDeviceGetName");
  auto get_uuid = symbol<NvmlReturn (*)(NvmlDeviceHandle, char*, unsigned)>(library, "nvmlDeviceGetUUID");
  if (init == nullptr || count == nullptr || by_index == nullptr || capability == nullptr || pci_info == nullptr) {
    probe.error = "libnvidia-ml.so.1 lacks the NVML functions needed";
    ::dlclose(library);
    return probe;
  }
  if (NvmlReturn status = init(); status != 0) {
    probe.error = fmt::format("nvmlInit_v2 returned {}", status);
    ::dlclose(library);
    return probe;
  }
  probe.loaded = true;
  unsigned devices = 0;
  if (count(&devices) == 0) {
    for (unsigned i = 0; i < devices; ++i) {
      NvmlDeviceHandle handle = nullptr;
      NvmlPciInfo pci{};
      int major = 0;
      int minor = 0;
      if (by_index(i, &handle) != 0 || pci_info(handle, &pci) != 0 || capability(handle, &major, &minor) != 0) {
        continue;
      }
      NvmlDevice device;
      device.compute_capability = fmt::format("{}.{}", major, minor);
      char text[96] = {};
      if (get_name != nullptr && get_name(handle, text, sizeof text) == 0) {
        device.name = text;
      }
      if (get_uuid != nullptr && get_uuid(handle, text, sizeof text) == 0) {
        device.uuid = text;
      }
      probe.by_pci[fmt::format("{:04x}:{:02x}:{:02x}.0", pci.domain, pci.bus, pci.device)] = std::move(device);
    }
  }
  if (shutdown != nullptr) {
    shutdown();
  }
  ::dlclose(library);
  return probe;
}

}  // namespace archfit::detect
