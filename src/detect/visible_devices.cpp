#include "detect/visible_devices.hpp"

#include <algorithm>
#include <charconv>

#include "probe/system_root.hpp"
#include "util/text_lines.hpp"

namespace archfit::detect {

namespace {

bool is_uuid_token(std::string_view token) { return token.starts_with("GPU-") || token.starts_with("MIG-"); }

// The index of the one device whose UUID starts with `prefix`; nullopt for none or several.
std::optional<std::size_t> match_uuid(std::string_view prefix, const std::vector<std::string>& uuids,
                                      std::string& why) {
  std::optional<std::size_t> found;
  for (std::size_t i = 0; i < uuids.size(); ++i) {
    if (!uuids[i].empty() && std::string_view(uuids[i]).starts_with(prefix)) {
      if (found) {
        why = "matches more than one device";
        return std::nullopt;
      }
      found = i;
    }
  }
  if (!found) {
    why = "matches no device's UUID";
  }
  return found;
}

}  // namespace

VisibleDevices parse_visible_devices(std::string_view value, const std::vector<std::string>& uuids) {
  VisibleDevices result;
  if (trim(value).empty()) {
    return result;  // set but empty: no devices
  }
  while (true) {
    auto comma = value.find(',');
    std::string_view token = trim(value.substr(0, comma));
    std::string why;
    std::optional<std::size_t> index;
    if (is_uuid_token(token)) {
      index = match_uuid(token, uuids, why);
    } else {
      std::size_t number = 0;
      auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), number);
      if (token.empty() || ec != std::errc{} || end != token.data() + token.size()) {
        why = "is not a device index or UUID";
      } else if (number >= uuids.size()) {
        why = "is out of range (" + std::to_string(uuids.size()) + " devices)";
      } else {
        index = number;
      }
    }
    if (index && std::find(result.devices.begin(), result.devices.end(), *index) != result.devices.end()) {
      index.reset();
      why = "repeats an earlier device";
    }
    if (!index) {
      result.stopped_at = std::string(token);
      result.stop_reason = why;
      return result;
    }
    result.devices.push_back(*index);
    if (comma == std::string_view::npos) {
      return result;
    }
    value.remove_prefix(comma + 1);
  }
}

}  // namespace archfit::detect
