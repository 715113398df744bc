// The GPU targets named in a saved file, whatever kind of file it is: an `archfit detect --json`
// report (its visible GPUs' "target_id"), or a rocminfo / nvidia-smi paste (read by
// detect/tool_output_parsers.hpp). One reader for every `--targets-from FILE` (check, doctor, env,
// build, clean, report).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "util/result.hpp"

namespace archfit::detect {

struct SavedTargets {
  std::vector<std::string> target_ids;  // in the file's order, without repeats: "gfx942:sramecc+:xnack-", "sm_90"
  std::string format;                   // "detect --json" | "rocminfo" | "nvidia-smi"
};

// Text that starts with '{' is read as a detect report; anything else as rocminfo, then as
// nvidia-smi output. Fails when the text is none of them or names no GPU with a known target.
Result<SavedTargets> read_saved_targets(std::string_view text);

}  // namespace archfit::detect
