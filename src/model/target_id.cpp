#include "model/target_id.hpp"

#include <charconv>

#include <fmt/format.h>

#include "util/enum_names.hpp"

namespace archfit::model {

namespace {

constexpr EnumNames<FeatureSetting, 4> k_feature_setting_names = {
    {{FeatureSetting::unsupported, "unsupported"}, {FeatureSetting::any, "any"}, {FeatureSetting::off, "off"},
     {FeatureSetting::on, "on"}}};

bool all_digits(std::string_view text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

// "90" -> 9.0, "120" -> 12.0: all digits, at least two, the last one the minor.
std::optional<std::pair<int, int>> capability_digits(std::string_view digits) {
  if (digits.size() < 2 || digits.size() > 4 || !all_digits(digits)) {
    return std::nullopt;
  }
  int number = 0;
  std::from_chars(digits.data(), digits.data() + digits.size(), number);
  return std::make_pair(number / 10, number % 10);
}

void append_feature(std::string& id, std::string_view name, FeatureSetting setting) {
  if (setting == FeatureSetting::on) {
    id += fmt::format(":{}+", name);
  } else if (setting == FeatureSetting::off) {
    id += fmt::format(":{}-", name);
  }
}

}  // namespace

std::string_view feature_setting_name(FeatureSetting setting) {
  return enum_name(k_feature_setting_names, setting, "unsupported");
}

std::string_view device_mode_name(FeatureSetting setting) {
  return setting == FeatureSetting::any ? "unknown" : feature_setting_name(setting);
}

std::optional<FeatureSetting> feature_setting_from_name(std::string_view name) {
  if (name == "unknown") {
    return FeatureSetting::any;  // device_mode_name's spelling of any
  }
  return enum_from_name(k_feature_setting_names, name);
}

std::string_view processor_of(std::string_view target_id) { return target_id.substr(0, target_id.find(':')); }

TargetIdParts split_target_id(std::string_view text) {
  TargetIdParts parts;
  auto colon = text.find(':');
  parts.processor = std::string(text.substr(0, colon));
  while (colon != std::string_view::npos) {
    text.remove_prefix(colon + 1);
    colon = text.find(':');
    std::string_view feature = text.substr(0, colon);
    if (!feature.empty() && (feature.back() == '+' || feature.back() == '-')) {
      parts.features.emplace_back(std::string(feature.substr(0, feature.size() - 1)), feature.back());
    }
  }
  return parts;
}

bool AmdTargetId::is_generic() const { return processor.ends_with("-generic"); }

std::string AmdTargetId::to_string() const {
  std::string id = processor;
  append_feature(id, "sramecc", sramecc);
  append_feature(id, "xnack", xnack);
  return id;
}

Result<AmdTargetId> parse_amd_target_id(std::string_view text) {
  AmdTargetId target;
  auto colon = text.find(':');
  target.processor = std::string(text.substr(0, colon));
  if (!target.processor.starts_with("gfx") || target.processor.size() < 4) {
    return Error{fmt::format("'{}' is not a target ID like gfx90a or gfx942:sramecc+:xnack-", text)};
  }
  bool seen_sramecc = false;
  bool seen_xnack = false;
  std::string_view rest = text;
  while (colon != std::string_view::npos) {
    rest.remove_prefix(colon + 1);
    colon = rest.find(':');
    std::string_view feature = rest.substr(0, colon);
    if (feature.size() < 2 || (feature.back() != '+' && feature.back() != '-')) {
      return Error{fmt::format("target ID '{}': feature '{}' must end in '+' or '-'", text, feature)};
    }
    FeatureSetting setting = feature.back() == '+' ? FeatureSetting::on : FeatureSetting::off;
    feature.remove_suffix(1);
    bool* seen = feature == "sramecc" ? &seen_sramecc : feature == "xnack" ? &seen_xnack : nullptr;
    if (seen == nullptr) {
      return Error{fmt::format("target ID '{}': unknown feature '{}' (only sramecc and xnack)", text, feature)};
    }
    if (*seen) {
      return Error{fmt::format("target ID '{}': feature '{}' appears twice", text, feature)};
    }
    *seen = true;
    (feature == "sramecc" ? target.sramecc : target.xnack) = setting;
  }
  return target;
}

std::string CudaTarget::to_string() const {
  return fmt::format("{}_{}{}{}", ptx ? "compute" : "sm", major, minor,
                     variant == CudaVariant::arch_specific ? "a"
                     : variant == CudaVariant::family     ? "f"
                                                          : "");
}

std::string CudaTarget::compute_capability() const { return fmt::format("{}.{}", major, minor); }

Result<CudaTarget> parse_cuda_target(std::string_view text) {
  CudaTarget target;
  std::string_view rest = text;
  if (rest.starts_with("sm_")) {
    rest.remove_prefix(3);
  } else if (rest.starts_with("compute_")) {
    rest.remove_prefix(8);
    target.ptx = true;
  } else {
    return Error{fmt::format("'{}' is not a CUDA target like sm_90, sm_90a or compute_80", text)};
  }
  if (rest.ends_with('a')) {
    target.variant = CudaVariant::arch_specific;
    rest.remove_suffix(1);
  } else if (rest.ends_with('f')) {
    target.variant = CudaVariant::family;
    rest.remove_suffix(1);
  }
  auto digits = capability_digits(rest);
  if (!digits) {
    return Error{fmt::format("'{}' is not a CUDA target like sm_90, sm_90a or compute_80", text)};
  }
  target.major = digits->first;
  target.minor = digits->second;
  return target;
}

Result<CudaTarget> parse_compute_capability(std::string_view text) {
  auto error = [&] {
    return Error{fmt::format("'{}' is not a compute capability like 9.0, 90 or sm_90", text)};
  };
  if (text.starts_with("sm_")) {
    auto target = parse_cuda_target(text);
    if (!target || target->variant != CudaVariant::none) {
      return Error{fmt::format("'{}' is not a device architecture like sm_90 (a device is never sm_90a)", text)};
    }
    return target;
  }
  CudaTarget target;
  auto dot = text.find('.');
  if (dot == std::string_view::npos) {
    auto digits = capability_digits(text);
    if (!digits) {
      return error();
    }
    target.major = digits->first;
    target.minor = digits->second;
    return target;
  }
  std::string_view major = text.substr(0, dot);
  std::string_view minor = text.substr(dot + 1);
  if (!all_digits(major) || major.size() > 3 || minor.size() != 1 || !all_digits(minor)) {
    return error();
  }
  std::from_chars(major.data(), major.data() + major.size(), target.major);
  target.minor = minor.front() - '0';
  return target;
}

std::string TargetId::to_string() const { return vendor == Vendor::nvidia ? cuda.to_string() : amd.to_string(); }

Result<TargetId> parse_target_id(std::string_view text) {
  TargetId target;
  if (text.starts_with("sm_") || text.starts_with("compute_")) {
    ARCHFIT_TRY(CudaTarget cuda, parse_cuda_target(text));
    target.vendor = Vendor::nvidia;
    target.cuda = cuda;
    return target;
  }
  if (!text.empty() && text.front() >= '0' && text.front() <= '9') {
    ARCHFIT_TRY(CudaTarget cuda, parse_compute_capability(text));
    target.vendor = Vendor::nvidia;
    target.cuda = cuda;
    return target;
  }
  ARCHFIT_TRY(AmdTargetId amd, parse_amd_target_id(text));
  target.amd = std::move(amd);
  return target;
}

}  // namespace archfit::model
