#include "detect/host_cpu.hpp"

#include "knowledge/x86_isa_levels.hpp"
#include "probe/system_root.hpp"
#include "util/text_lines.hpp"

namespace archfit::detect {

HostCpu parse_cpuinfo(std::string_view text) {
  HostCpu cpu;
  bool first_block = true;
  for (std::string_view line : split_lines(text)) {
    auto colon = line.find(':');
    if (colon == std::string_view::npos) {
      if (trim(line).empty() && cpu.logical_cpus > 0) {
        first_block = false;
      }
      continue;
    }
    std::string_view key = trim(line.substr(0, colon));
    std::string_view value = trim(line.substr(colon + 1));
    if (key == "processor") {
      ++cpu.logical_cpus;
    } else if (!first_block) {
      continue;
    } else if (key == "vendor_id" || key == "CPU implementer") {
      cpu.vendor = std::string(value);
    } else if (key == "model name" || key == "Model" || key == "Hardware") {
      if (cpu.model.empty()) {
        cpu.model = std::string(value);
      }
    } else if (key == "flags" || key == "Features") {
      cpu.architecture = key == "flags" ? "x86_64" : "aarch64";
      while (!value.empty()) {
        auto space = value.find(' ');
        if (space != 0) {
          cpu.flags.emplace(value.substr(0, space));
        }
        value.remove_prefix(space == std::string_view::npos ? value.size() : space + 1);
      }
    }
  }
  if (cpu.architecture == "x86_64") {
    for (const auto& level : knowledge::x86_isa_levels()) {
      std::vector<std::string> missing;
      for (const auto& flag : level.flags) {
        if (!cpu.has_flag(flag)) {
          missing.push_back(flag);
        }
      }
      if (!missing.empty()) {
        cpu.missing_for_next_level = std::move(missing);
        break;
      }
      cpu.isa_level = level.name;
    }
    cpu.avx512 = cpu.has_flag("avx512f");
    for (const auto& flag : cpu.flags) {
      if (flag.starts_with("amx_")) {
        cpu.amx.push_back(flag);
      }
    }
  }
  return cpu;
}

}  // namespace archfit::detect
