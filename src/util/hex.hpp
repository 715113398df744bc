// Formatting helpers shared by error messages: offsets are shown in hex, as readelf does.
#pragma once

#include <cstdint>
#include <string>

#include <fmt/format.h>

namespace archfit {

inline std::string hex(std::uint64_t value) { return fmt::format("{:#x}", value); }

}  // namespace archfit
