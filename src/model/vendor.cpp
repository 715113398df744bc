#include "model/vendor.hpp"

#include "util/enum_names.hpp"

namespace archfit::model {

namespace {

constexpr EnumNames<Vendor, 5> k_names = {{{Vendor::amd, "amd"}, {Vendor::nvidia, "nvidia"}, {Vendor::intel, "intel"},
                                           {Vendor::other, "other"}, {Vendor::unknown, "unknown"}}};

}  // namespace

std::string_view vendor_name(Vendor vendor) { return enum_name(k_names, vendor); }

Vendor vendor_from_name(std::string_view name) { return enum_from_name(k_names, name).value_or(Vendor::unknown); }

}  // namespace archfit::model
