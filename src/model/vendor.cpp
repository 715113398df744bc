#include "model/vendor.hpp"

#include <array>
#include <utility>

namespace archfit::model {

namespace {

constexpr std::array<std::pair<Vendor, std::string_view>, 5> k_names = {{
    {Vendor::amd, "amd"},
    {Vendor::nvidia, "nvidia"},
    {Vendor::intel, "intel"},
    {Vendor::other, "other"},
    {Vendor::unknown, "unknown"},
}};

}  // namespace

std::string_view vendor_name(Vendor vendor) {
  for (const auto& [value, name] : k_names) {
    if (value == vendor) {
      return name;
    }
  }
  return "unknown";
}

Vendor vendor_from_name(std::string_view name) {
  for (const auto& [value, spelled] : k_names) {
    if (spelled == name) {
      return value;
    }
  }
  return Vendor::unknown;
}

}  // namespace archfit::model
