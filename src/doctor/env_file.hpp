// `archfit env --write FILE`: the exports go into a clearly marked block
//     # >>> archfit env >>>
//     ...
//     # <<< archfit env <<<
// that replaces an earlier archfit block (instead of adding a second one), leaving every other byte of
// the file as it was. The old file is kept as FILE.archfit-backup; the new one is written to a temporary
// file next to it and renamed over it, with the file's mode, owner and group kept (run as root on a
// user's ~/.bashrc, it stays the user's). A read-only FILE (no write bit, or not writable by us) is
// refused unless `force`. A symlinked FILE (dotfile managers) is written through the link.
#pragma once

#include <string>
#include <string_view>

#include "util/result.hpp"

namespace archfit::doctor {

inline constexpr std::string_view k_block_begin = "# >>> archfit env >>>";
inline constexpr std::string_view k_block_end = "# <<< archfit env <<<";

struct WriteOutcome {
  std::string path;    // the file written (the link's target for a symlink)
  std::string backup;  // "" when the file did not exist before
  bool replaced = false;  // an earlier block was replaced
};

// The file's new content: `text` with its archfit block(s) replaced by one block holding `body` (or the
// block appended). Fails on a begin marker without its end marker.
Result<std::string> replace_block(std::string_view text, std::string_view body, bool* replaced = nullptr);

Result<WriteOutcome> write_env_block(const std::string& path, std::string_view body, bool force = false);

}  // namespace archfit::doctor
