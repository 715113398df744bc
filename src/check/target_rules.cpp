#include "check/target_rules.hpp"

#include <fmt/format.h>

#include "knowledge/amdgpu_processors.hpp"
#include "model/target_id.hpp"

namespace archfit::check {

namespace {

using model::FeatureSetting;

// Feature rule for one feature: the code's setting against the device's mode (any = not known).
// Returns false when it cannot run; sets `condition` when it runs only in a mode not known here.
bool feature_allows(FeatureSetting code, FeatureSetting mode, std::string_view name, std::string& condition) {
  if (code == FeatureSetting::any || mode == FeatureSetting::unsupported || code == mode) {
    return true;
  }
  if (mode == FeatureSetting::any) {
    condition += (condition.empty() ? "" : ", ") + std::string(name) + " " + std::string(model::feature_setting_name(code));
    return true;
  }
  return false;
}

// The device's mode of a feature it supports: what the target ID says (any: not known).
FeatureSetting device_mode(bool supported, FeatureSetting stated) {
  return supported ? stated : FeatureSetting::unsupported;
}

}  // namespace

std::string DeviceTarget::arch_list_value() const {
  if (vendor == model::Vendor::nvidia) {
    return model::CudaTarget{cc_major, cc_minor}.compute_capability();
  }
  return processor;
}

std::optional<DeviceTarget> parse_device_target(std::string_view text, std::string* error) {
  auto fail = [&](std::string message) -> std::optional<DeviceTarget> {
    if (error != nullptr) {
      *error = std::move(message);
    }
    return std::nullopt;
  };
  DeviceTarget device;
  // "9.0" / "12.1" (TORCH_CUDA_ARCH_LIST's spelling), "90", or "sm_90".
  if (text.starts_with("sm_") || (!text.empty() && text.front() >= '0' && text.front() <= '9')) {
    auto capability = model::parse_compute_capability(text);
    if (!capability) {
      return fail(capability.error().message);
    }
    device.vendor = model::Vendor::nvidia;
    device.cc_major = capability->major;
    device.cc_minor = capability->minor;
    device.processor = capability->to_string();
    device.display = device.processor;
    return device;
  }
  auto code = model::parse_amd_target_id(text);
  if (!code) {
    return fail(code.error().message);
  }
  const auto* processor = knowledge::AmdgpuProcessorTable::embedded().by_name(code->processor);
  if (processor == nullptr || processor->is_generic) {
    return fail(fmt::format("'{}' is not an AMDGPU processor LLVM knows (a device is never a generic target)",
                            code->processor));
  }
  device.vendor = model::Vendor::amd;
  device.processor = code->processor;
  device.xnack = device_mode(processor->supports_xnack, code->xnack);
  device.sramecc = device_mode(processor->supports_sramecc, code->sramecc);
  device.display = std::string(text);
  return device;
}

CodeFit code_fits(std::string_view code_target, const DeviceTarget& device) {
  CodeFit result;
  if (device.vendor == model::Vendor::nvidia) {
    auto code = model::parse_cuda_target(code_target);
    if (!code) {
      return result;
    }
    bool same_major = code->major == device.cc_major;
    bool fits = code->variant == model::CudaVariant::arch_specific
                    ? (same_major && code->minor == device.cc_minor)
                : code->ptx && code->variant == model::CudaVariant::none
                    ? (device.cc_major > code->major || (same_major && device.cc_minor >= code->minor))
                    : (same_major && device.cc_minor >= code->minor);  // plain cubin and 'f' family
    if (fits) {
      result.fit = code->ptx ? Fit::jit : Fit::yes;
    }
    return result;
  }
  auto code = model::parse_amd_target_id(code_target);
  if (!code) {
    return result;
  }
  if (code->processor != device.processor) {
    const auto* processor = knowledge::AmdgpuProcessorTable::embedded().by_name(device.processor);
    if (processor == nullptr || processor->generic_family != code->processor) {
      return result;
    }
    result.generic = true;
  }
  if (feature_allows(code->sramecc, device.sramecc, "sramecc", result.condition) &&
      feature_allows(code->xnack, device.xnack, "xnack", result.condition)) {
    result.fit = result.condition.empty() ? Fit::yes : Fit::conditional;
  }
  return result;
}

}  // namespace archfit::check
