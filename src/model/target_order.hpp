// The order targets are listed in, everywhere: natural, as people read them. Runs of digits compare
// as numbers and everything else as text, so sm_80 < sm_90 < sm_100, 8.6 < 9.0 < 12.0 and
// sm_90 < sm_90a (a prefix first). An AMD processor gfxNNN is a version, major then one hex digit of
// minor and one of stepping (the kernel's gfx_target_version spells gfx90a 90010: 9.0.10), so
// gfx803 < gfx908 < gfx90a < gfx942 < gfx1030 < gfx1100, before the generic families (gfx9-generic);
// features after ':' then compare as text.
#pragma once

#include <string_view>

namespace archfit::model {

// Strict weak order; equal only for equal strings.
bool target_less(std::string_view a, std::string_view b);

}  // namespace archfit::model
