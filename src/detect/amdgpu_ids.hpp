// libdrm's amdgpu.ids: marketing names of AMD GPUs, keyed on PCI device id and revision.
// Format (libdrm data/amdgpu.ids, read by amdgpu_asic_id.c): '#' comment lines; the first other
// line is the file's version ("1.0.0"); then "<device hex>,\t<revision hex>,\t<product name>".
// It is installed with libdrm (/usr/share/libdrm/amdgpu.ids; ROCm's own libdrm reads
// /opt/amdgpu/share/libdrm/amdgpu.ids), which is why detect prefers it over its own table.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace archfit::detect {

struct AmdgpuIds {
  std::string version;
  std::map<std::pair<std::uint16_t, std::uint8_t>, std::string> names;

  const std::string* find(std::uint16_t device, std::uint8_t revision) const;
};

AmdgpuIds parse_amdgpu_ids(std::string_view text);

}  // namespace archfit::detect
