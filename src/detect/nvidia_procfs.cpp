#include "detect/nvidia_procfs.hpp"

#include <cctype>
#include <charconv>

#include "probe/system_root.hpp"
#include "util/text_lines.hpp"

namespace archfit::detect {

namespace {

// A token of digits and dots with at least one dot: "580.159.04", "35.3.1".
bool is_version_token(std::string_view token) {
  bool dot = false;
  for (char c : token) {
    if (c == '.') {
      dot = true;
    } else if (std::isdigit(static_cast<unsigned char>(c)) == 0) {
      return false;
    }
  }
  return dot && !token.empty() && token.front() != '.' && token.back() != '.';
}

}  // namespace

std::optional<NvidiaDriverVersion> parse_nvidia_driver_version(std::string_view text) {
  auto start = text.find("NVRM version:");
  if (start == std::string_view::npos) {
    return std::nullopt;
  }
  std::string_view line = text.substr(start + 13);
  line = line.substr(0, line.find('\n'));
  auto module = line.find("Module");
  if (module == std::string_view::npos) {
    return std::nullopt;
  }
  NvidiaDriverVersion result;
  bool open = line.find("Open Kernel Module") != std::string_view::npos;
  bool aarch64 = line.find("aarch64") != std::string_view::npos;
  std::string_view rest = line.substr(module + 6);
  while (!rest.empty()) {
    rest = trim(rest);
    auto space = rest.find_first_of(" \t");
    std::string_view token = rest.substr(0, space);
    if (is_version_token(token)) {
      result.version = std::string(token);
      break;
    }
    rest.remove_prefix(space == std::string_view::npos ? rest.size() : space);
  }
  if (result.version.empty()) {
    return std::nullopt;
  }
  // L4T releases (35.3.1) are far below any desktop driver branch (≥ 300): Jetson.
  unsigned major = 0;
  std::from_chars(result.version.data(), result.version.data() + result.version.size(), major);
  if (aarch64 && major < 100) {
    result.flavor = "jetson";
  } else {
    result.flavor = open ? "open" : "proprietary";
  }
  return result;
}

NvidiaGpuInformation parse_nvidia_gpu_information(std::string_view text) {
  NvidiaGpuInformation info;
  for (std::string_view line : split_lines(text)) {
    auto colon = line.find(':');
    if (colon == std::string_view::npos) {
      continue;
    }
    std::string_view key = trim(line.substr(0, colon));
    std::string value(trim(line.substr(colon + 1)));
    if (key == "Model") {
      info.model = value;
    } else if (key == "GPU UUID") {
      info.uuid = value;
    } else if (key == "Bus Location") {
      info.bus_location = value;
    } else if (key == "Device Minor") {
      unsigned minor = 0;
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), minor);
      if (ec == std::errc{}) {
        info.device_minor = minor;
      }
    } else if (key == "GPU Firmware") {
      info.firmware = value;
    } else if (key == "GPU Excluded") {
      info.excluded = value == "Yes";
    }
  }
  return info;
}

}  // namespace archfit::detect
