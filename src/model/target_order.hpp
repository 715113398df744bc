// The order targets are listed in, everywhere: natural, as people read them. Runs of digits compare
// as numbers and everything else as text, so sm_80 < sm_90 < sm_100, 8.6 < 9.0 < 12.0,
// gfx803 < gfx90a < gfx908 < gfx942 < gfx1030 < gfx1100, and sm_90 < sm_90a (a prefix first).
#pragma once

#include <string_view>

namespace archfit::model {

// Strict weak order; equal only for equal strings.
bool target_less(std::string_view a, std::string_view b);

}  // namespace archfit::model
