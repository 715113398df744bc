#include "doctor/env_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "probe/text_input.hpp"

namespace archfit::doctor {

namespace {

namespace fs = std::filesystem;

// Start offsets of each line that equals `marker` (ignoring trailing spaces / '\r').
std::vector<std::size_t> marker_lines(std::string_view text, std::string_view marker) {
  std::vector<std::size_t> found;
  std::size_t start = 0;
  while (start < text.size()) {
    auto end = text.find('\n', start);
    std::string_view line = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) {
      line.remove_suffix(1);
    }
    if (line == marker) {
      found.push_back(start);
    }
    if (end == std::string_view::npos) {
      break;
    }
    start = end + 1;
  }
  return found;
}

std::size_t line_end(std::string_view text, std::size_t start) {
  auto end = text.find('\n', start);
  return end == std::string_view::npos ? text.size() : end + 1;
}

archfit::Status write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t written = ::write(fd, data.data(), data.size());
    if (written < 0) {
      if (errno == EINTR) {
        continue;
      }
      return Error{std::strerror(errno)};
    }
    data.remove_prefix(static_cast<std::size_t>(written));
  }
  return Ok{};
}

// The owner, group and mode a rewritten file keeps.
struct FileIdentity {
  mode_t mode = 0644;
  std::optional<uid_t> owner;  // nullopt for a new file: ours
  std::optional<gid_t> group;
};

// Writes `content` to a new file next to `path` and renames it over `path`, with `identity`'s
// mode and owner: run as root on a user's file, the file must stay the user's.
archfit::Status replace_file(const std::string& path, std::string_view content, const FileIdentity& identity) {
  std::string pattern = path + ".archfit-tmp-XXXXXX";
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  int fd = ::mkstemp(name.data());
  if (fd < 0) {
    return Error{"cannot create a temporary file next to " + path + ": " + std::strerror(errno)};
  }
  auto fail = [&](const std::string& what) -> archfit::Status {
    std::string reason = std::strerror(errno);
    ::close(fd);
    ::unlink(name.data());
    return Error{what + ": " + reason};
  };
  auto written = write_all(fd, content);
  if (!written.ok()) {
    ::close(fd);
    ::unlink(name.data());
    return Error{"cannot write " + std::string(name.data()) + ": " + written.error().message};
  }
  if (identity.owner && (*identity.owner != ::geteuid() || *identity.group != ::getegid()) &&
      ::fchown(fd, *identity.owner, *identity.group) != 0) {
    return fail("cannot give " + std::string(name.data()) + " the owner of " + path);
  }
  if (::fchmod(fd, identity.mode) != 0) {  // after fchown, which may clear set-id bits
    return fail("cannot set the mode of " + std::string(name.data()));
  }
  if (::fsync(fd) != 0) {
    return fail("cannot sync " + std::string(name.data()));
  }
  ::close(fd);
  if (::rename(name.data(), path.c_str()) != 0) {
    std::string reason = std::strerror(errno);
    ::unlink(name.data());
    return Error{"cannot rename the new file over " + path + ": " + reason};
  }
  return Ok{};
}

}  // namespace

Result<std::string> replace_block(std::string_view text, std::string_view body, bool* replaced) {
  std::string block;
  block += k_block_begin;
  block += "\n# Written by `archfit env --write`; running it again replaces this block.\n";
  block += body;
  if (!block.empty() && block.back() != '\n') {
    block += '\n';
  }
  block += k_block_end;
  block += '\n';
  auto begins = marker_lines(text, k_block_begin);
  auto ends = marker_lines(text, k_block_end);
  if (replaced != nullptr) {
    *replaced = !begins.empty();
  }
  if (begins.empty()) {
    if (!ends.empty()) {
      return Error{"the file has an end marker \"" + std::string(k_block_end) + "\" without a begin marker; fix it by hand"};
    }
    std::string result(text);
    if (!result.empty() && result.back() != '\n') {
      result += '\n';
    }
    result += block;
    return result;
  }
  // Pair each begin with the next end; the first pair is replaced by the block, later pairs are removed.
  std::string result;
  std::size_t copied = 0;
  bool first = true;
  std::size_t end_index = 0;
  for (std::size_t begin : begins) {
    if (begin < copied) {
      continue;  // a begin marker inside a block already consumed
    }
    while (end_index < ends.size() && ends[end_index] < begin) {
      ++end_index;
    }
    if (end_index == ends.size()) {
      return Error{"the archfit block that starts at byte " + std::to_string(begin) + " has no end marker \"" +
                   std::string(k_block_end) + "\"; fix it by hand"};
    }
    result.append(text.substr(copied, begin - copied));
    if (first) {
      result += block;
      first = false;
    }
    copied = line_end(text, ends[end_index]);
    ++end_index;
  }
  result.append(text.substr(copied));
  return result;
}

Result<WriteOutcome> write_env_block(const std::string& path, std::string_view body, bool force) {
  WriteOutcome outcome;
  std::error_code error;
  std::string target = path;
  if (fs::is_symlink(path, error)) {
    auto resolved = fs::canonical(path, error);
    if (error) {
      return Error{path + " is a symlink that cannot be followed: " + error.message()};
    }
    target = resolved.string();
  }
  outcome.path = target;
  std::string original;
  bool existed = false;
  FileIdentity identity;
  struct stat info {};
  if (::stat(target.c_str(), &info) == 0) {
    if (!S_ISREG(info.st_mode)) {
      return Error{target + " is not a regular file"};
    }
    existed = true;
    identity = {static_cast<mode_t>(info.st_mode & 07777), info.st_uid, info.st_gid};
    // No write bit for anyone (0444), or not writable by us: the owner meant it to stay as it is.
    // root passes access(W_OK) on any file, so the mode bits are asked too.
    bool read_only = (info.st_mode & 0222) == 0 || ::access(target.c_str(), W_OK) != 0;
    if (read_only && !force) {
      return Error{target + " is read-only (mode " + fmt::format("{:04o}", info.st_mode & 07777) +
                   "); archfit leaves it alone unless --force is given"};
    }
    auto content = probe::read_text_input(target);
    if (!content) {
      return Error{"cannot read " + content.error().message};
    }
    original = std::move(*content);
  } else if (errno != ENOENT) {
    return Error{"cannot stat " + target + ": " + std::strerror(errno)};
  } else {
    mode_t mask = ::umask(0);
    ::umask(mask);
    identity.mode = static_cast<mode_t>(0666 & ~mask);
  }
  auto updated = replace_block(original, body, &outcome.replaced);
  if (!updated) {
    return Error{target + ": " + updated.error().message};
  }
  if (existed) {
    outcome.backup = target + ".archfit-backup";
    auto backed_up = replace_file(outcome.backup, original, identity);
    if (!backed_up.ok()) {
      return backed_up.error();
    }
  }
  auto written = replace_file(target, *updated, identity);
  if (!written.ok()) {
    return written.error();
  }
  return outcome;
}

}  // namespace archfit::doctor
