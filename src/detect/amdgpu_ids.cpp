#include "detect/amdgpu_ids.hpp"

#include "knowledge/tsv_table.hpp"
#include "probe/system_root.hpp"
#include "util/text_lines.hpp"

namespace archfit::detect {

const std::string* AmdgpuIds::find(std::uint16_t device, std::uint8_t revision) const {
  auto found = names.find({device, revision});
  return found == names.end() ? nullptr : &found->second;
}

AmdgpuIds parse_amdgpu_ids(std::string_view text) {
  AmdgpuIds ids;
  bool have_version = false;
  for (std::string_view line : split_lines(text)) {
    if (line.empty() || line.front() == '#') {
      continue;
    }
    if (!have_version) {
      ids.version = std::string(trim(line));
      have_version = true;
      continue;
    }
    auto first = line.find(',');
    auto second = first == std::string_view::npos ? first : line.find(',', first + 1);
    if (second == std::string_view::npos) {
      continue;
    }
    auto device = knowledge::parse_hex(trim(line.substr(0, first)));
    auto revision = knowledge::parse_hex(trim(line.substr(first + 1, second - first - 1)));
    if (!device || !revision || *device > 0xffff || *revision > 0xff) {
      continue;
    }
    ids.names.emplace(std::make_pair(static_cast<std::uint16_t>(*device), static_cast<std::uint8_t>(*revision)),
                      std::string(trim(line.substr(second + 1))));
  }
  return ids;
}

}  // namespace archfit::detect
