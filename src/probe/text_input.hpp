// Text files the user names on the command line (`detect --from-rocminfo FILE`, `doctor --rules
// FILE`, `check --targets-from FILE`): read whole, "-" meaning stdin, with a cap. A pipe is fine
// (`--from-rocminfo <(rocminfo)`), a directory is not, and anything longer than the cap (a
// 2 GB log given by mistake, /dev/zero) is refused once the cap is passed, instead of being read
// without end or failing on memory.
#pragma once

#include <cstddef>
#include <string>

#include "util/result.hpp"

namespace archfit::probe {

inline constexpr std::size_t k_text_input_limit = std::size_t{64} << 20;  // 64 MiB

// The whole text of `path`. Errors name the path: "FILE: Is a directory", "FILE: larger than 64 MiB".
Result<std::string> read_text_input(const std::string& path, std::size_t limit = k_text_input_limit);

}  // namespace archfit::probe
