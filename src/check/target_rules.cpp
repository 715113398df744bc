#include "check/target_rules.hpp"

#include <charconv>

#include <fmt/format.h>

#include "knowledge/amdgpu_processors.hpp"

namespace archfit::check {

namespace {

struct AmdCodeTarget {
  std::string processor;
  std::string xnack = "any";    // "any" | "on" | "off"
  std::string sramecc = "any";
};

std::optional<AmdCodeTarget> parse_amd_code(std::string_view text) {
  AmdCodeTarget code;
  auto colon = text.find(':');
  code.processor = std::string(text.substr(0, colon));
  while (colon != std::string_view::npos) {
    text.remove_prefix(colon + 1);
    colon = text.find(':');
    std::string_view feature = text.substr(0, colon);
    if (feature.size() < 2 || (feature.back() != '+' && feature.back() != '-')) {
      return std::nullopt;
    }
    std::string state = feature.back() == '+' ? "on" : "off";
    feature.remove_suffix(1);
    if (feature == "xnack") {
      code.xnack = state;
    } else if (feature == "sramecc") {
      code.sramecc = state;
    } else {
      return std::nullopt;
    }
  }
  return code;
}

// Feature rule for one feature: code state any/on/off against device on/off/unsupported/unknown.
// Returns false when it cannot run; sets `condition` when it runs only in a mode not known here.
bool feature_allows(const std::string& code, const std::string& device, std::string_view name, std::string& condition) {
  if (code == "any" || device == "unsupported" || code == device) {
    return true;
  }
  if (device == "unknown") {
    condition += (condition.empty() ? "" : ", ") + std::string(name) + " " + code;
    return true;
  }
  return false;
}

struct SmTarget {
  int major = 0;
  int minor = 0;
  char variant = 0;  // 0, 'a' or 'f'
  bool ptx = false;
};

// "sm_90a" → 9.0a; "compute_100f" → 10.0f PTX; "sm_120" → 12.0. The last digit is the minor.
std::optional<SmTarget> parse_sm(std::string_view text) {
  SmTarget target;
  if (text.starts_with("sm_")) {
    text.remove_prefix(3);
  } else if (text.starts_with("compute_")) {
    text.remove_prefix(8);
    target.ptx = true;
  } else {
    return std::nullopt;
  }
  if (!text.empty() && (text.back() == 'a' || text.back() == 'f')) {
    target.variant = text.back();
    text.remove_suffix(1);
  }
  int number = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (text.size() < 2 || ec != std::errc{} || end != text.data() + text.size()) {
    return std::nullopt;
  }
  target.major = number / 10;
  target.minor = number % 10;
  return target;
}

}  // namespace

std::string DeviceTarget::arch_list_value() const {
  if (vendor == "nvidia") {
    return fmt::format("{}.{}", cc_major, cc_minor);
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
  // "9.0" / "12.1": TORCH_CUDA_ARCH_LIST spelling.
  if (!text.empty() && text.front() >= '0' && text.front() <= '9') {
    auto dot = text.find('.');
    if (dot == std::string_view::npos) {
      return fail(fmt::format("'{}' is not a compute capability like 9.0", text));
    }
    int major = 0;
    int minor = 0;
    auto [end_major, ec_major] = std::from_chars(text.data(), text.data() + dot, major);
    auto [end_minor, ec_minor] = std::from_chars(text.data() + dot + 1, text.data() + text.size(), minor);
    if (ec_major != std::errc{} || end_major != text.data() + dot || ec_minor != std::errc{} ||
        end_minor != text.data() + text.size() || minor > 9) {
      return fail(fmt::format("'{}' is not a compute capability like 9.0", text));
    }
    text = {};
    device.vendor = "nvidia";
    device.cc_major = major;
    device.cc_minor = minor;
  } else if (text.starts_with("sm_")) {
    auto sm = parse_sm(text);
    if (!sm || sm->variant != 0) {
      return fail(fmt::format("'{}' is not a device architecture like sm_90 (a device is never sm_90a)", text));
    }
    device.vendor = "nvidia";
    device.cc_major = sm->major;
    device.cc_minor = sm->minor;
  }
  if (device.vendor == "nvidia") {
    device.processor = fmt::format("sm_{}{}", device.cc_major, device.cc_minor);
    device.display = device.processor;
    return device;
  }
  auto code = parse_amd_code(text);
  if (!code) {
    return fail(fmt::format("'{}' is not a target ID like gfx90a or gfx942:sramecc+:xnack-", text));
  }
  const auto* processor = knowledge::AmdgpuProcessorTable::embedded().by_name(code->processor);
  if (processor == nullptr || processor->is_generic) {
    return fail(fmt::format("'{}' is not an AMDGPU processor LLVM knows (a device is never a generic target)",
                            code->processor));
  }
  device.vendor = "amd";
  device.processor = code->processor;
  device.xnack = !processor->supports_xnack ? "unsupported" : code->xnack == "any" ? "unknown" : code->xnack;
  device.sramecc = !processor->supports_sramecc ? "unsupported" : code->sramecc == "any" ? "unknown" : code->sramecc;
  device.display = std::string(text);
  return device;
}

CodeFit code_fits(std::string_view code_target, const DeviceTarget& device) {
  CodeFit result;
  if (device.vendor == "nvidia") {
    auto code = parse_sm(code_target);
    if (!code) {
      return result;
    }
    bool same_major = code->major == device.cc_major;
    bool fits = code->variant == 'a' ? (same_major && code->minor == device.cc_minor)
                : code->ptx && code->variant == 0
                    ? (device.cc_major > code->major || (same_major && device.cc_minor >= code->minor))
                    : (same_major && device.cc_minor >= code->minor);  // plain cubin and 'f' family
    if (fits) {
      result.fit = code->ptx ? Fit::jit : Fit::yes;
    }
    return result;
  }
  auto code = parse_amd_code(code_target);
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
