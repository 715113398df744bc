// Finding and removing the outputs of an earlier build (clean/cleaner.hpp).
#include "clean/cleaner.hpp"

#include <fcntl.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <set>

#include "doctor/build_cache.hpp"
#include "doctor/probes.hpp"
#include "knowledge/tsv_table.hpp"
#include "probe/system_root.hpp"
#include "util/text_lines.hpp"

namespace archfit::clean {

namespace {

constexpr std::size_t k_cache_read_limit = std::size_t{16} << 20;
constexpr std::size_t k_git_paths_per_run = 256;

struct ArtifactRow {
  std::string project;
  std::string where;  // top | any | deep
  std::string pattern;
  std::string kind;
  std::string why;
  std::string source;
};

std::vector<ArtifactRow> artifact_rows() {
  const auto& table = knowledge::embedded_table("clean_artifacts.tsv");
  std::vector<ArtifactRow> rows;
  for (const auto& row : table.rows) {
    rows.push_back({table.field(row, "project"), table.field(row, "where"), table.field(row, "pattern"),
                    table.field(row, "kind"), table.field(row, "why"), table.field(row, "source")});
  }
  return rows;
}

bool has_dotdot(std::string_view path) {
  auto parts = path_components(path);
  return std::find(parts.begin(), parts.end(), "..") != parts.end();
}

// The path an open descriptor names now (/proc/self/fd), else "".
std::string path_of(int fd) {
  char buffer[PATH_MAX + 1];
  std::string link = "/proc/self/fd/" + std::to_string(fd);
  ssize_t length = ::readlink(link.c_str(), buffer, PATH_MAX);
  if (length <= 0) {
    return {};
  }
  return std::string(buffer, static_cast<std::size_t>(length));
}

std::string real_path(const std::string& path) {
  char buffer[PATH_MAX + 1];
  if (::realpath(path.c_str(), buffer) == nullptr) {
    return {};
  }
  return buffer;
}

bool same_file(const struct stat& a, const std::string& path) {
  struct stat b {};
  return ::stat(path.c_str(), &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

// `ancestor` is `path` or one of the directories above it (both absolute, resolved).
bool is_at_or_above(std::string_view ancestor, std::string_view path) {
  if (ancestor == "/" || ancestor == path) {
    return true;
  }
  return path.starts_with(ancestor) && path.size() > ancestor.size() && path[ancestor.size()] == '/';
}

// Why `dir` (absolute, resolved; stat'ed as `info`) must not be cleaned, or "".
std::string forbidden_directory(const std::string& dir, const struct stat& info, const probe::Environment& environment) {
  if (dir == "/" || same_file(info, "/")) {
    return "it is the root directory /";
  }
  if (auto home = environment.get("HOME"); home && !home->empty()) {
    std::string home_real = real_path(*home);
    if (same_file(info, *home)) {
      return "it is $HOME (" + *home + ")";
    }
    if (!home_real.empty() && is_at_or_above(dir, home_real)) {
      return "it holds $HOME (" + *home + ")";
    }
  }
  return {};
}

Result<std::string> read_below(int root, const std::string& path) {
  std::string dir = path.substr(0, path.rfind('/') == std::string::npos ? 0 : path.rfind('/'));
  std::string name = path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
  ARCHFIT_TRY(OwnedFd parent, open_directory_below(root, dir));
  OwnedFd file(::openat(parent.get(), name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  if (!file.valid()) {
    return Error{path + ": " + std::strerror(errno)};
  }
  struct stat info {};
  if (::fstat(file.get(), &info) != 0 || !S_ISREG(info.st_mode)) {
    return Error{path + ": not a regular file"};
  }
  std::string text;
  char buffer[65536];
  while (text.size() < k_cache_read_limit) {
    ssize_t got = ::read(file.get(), buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) {
      continue;
    }
    if (got <= 0) {
      break;
    }
    text.append(buffer, static_cast<std::size_t>(got));
  }
  return text;
}

// Which files git tracks below the items. Sets plan.removal_allowed = false (with the reason) when
// the tree is in a git repository and git cannot say.
void ask_git(const std::string& root, const std::vector<std::string>& paths, const CleanContext& context,
             CleanPlan& plan) {
  std::string git = probe::find_program("git", context.environment);
  if (git.empty()) {
    // Without git, a tree inside a repository cannot be told apart from one outside: look for .git above.
    for (std::string dir = root; !dir.empty();) {
      struct stat info {};
      if (::lstat((dir == "/" ? std::string("/.git") : dir + "/.git").c_str(), &info) == 0) {
        plan.removal_allowed = false;
        plan.refusal = dir + "/.git exists and git is not on PATH: the tracked files cannot be told apart";
        return;
      }
      if (dir == "/") {
        break;
      }
      auto slash = dir.rfind('/');
      dir = slash == 0 ? "/" : dir.substr(0, slash);
    }
    return;
  }
  auto inside = context.runner.run({git, "-C", root, "rev-parse", "--is-inside-work-tree"}, context.environment,
                                   context.timeout);
  if (!inside.succeeded()) {
    if (inside.started && !inside.timed_out && inside.exit_code == 128 &&
        inside.err.find("not a git repository") != std::string::npos) {
      return;  // not in a repository: nothing is tracked
    }
    plan.removal_allowed = false;
    plan.refusal = "git rev-parse in " + root + " failed: " +
                   (inside.timed_out ? std::string("timed out")
                                     : (inside.started ? inside.err.substr(0, 300) : inside.start_error));
    return;
  }
  if (inside.out.find("true") == std::string::npos) {
    return;  // inside a .git directory or a bare repository: refused earlier as not a project tree
  }
  plan.report.git = true;
  std::vector<std::string> tracked;
  for (std::size_t at = 0; at < paths.size(); at += k_git_paths_per_run) {
    // --literal-pathspecs: a name with '*', '?' or ':(' is itself, not a pattern.
    std::vector<std::string> argv = {git, "--literal-pathspecs", "-C", root, "ls-files", "-z", "--recurse-submodules",
                                     "--"};
    for (std::size_t i = at; i < std::min(paths.size(), at + k_git_paths_per_run); ++i) {
      argv.push_back(paths[i]);
    }
    auto listed = context.runner.run(argv, context.environment, context.timeout);
    if (!listed.succeeded() || listed.out.size() >= (std::size_t{1} << 20) - 4096) {
      plan.removal_allowed = false;
      plan.report.git = false;
      plan.refusal = "git ls-files in " + root + " did not answer completely: " +
                     (listed.timed_out ? std::string("timed out") : listed.err.substr(0, 300));
      return;
    }
    std::size_t start = 0;
    while (start < listed.out.size()) {
      auto end = listed.out.find('\0', start);
      if (end == std::string::npos) {
        end = listed.out.size();
      }
      if (end > start) {
        tracked.push_back(listed.out.substr(start, end - start));
      }
      start = end + 1;
    }
  }
  plan.tracked = TrackedFiles(std::move(tracked));
}

struct Candidate {
  const ArtifactRow* row;
  std::string parent;  // below the tree, or absolute (deep)
  std::string name;
  std::string path;    // shown
  bool directory = false;
  bool deep = false;
};

// `top` rows: the pattern's leading components opened without following links, its last matched.
void find_top(int root, const ArtifactRow& row, std::vector<Candidate>& found, std::vector<std::string>& notes) {
  std::string parent;
  std::string last = row.pattern;
  if (auto slash = row.pattern.rfind('/'); slash != std::string::npos) {
    parent = row.pattern.substr(0, slash);
    last = row.pattern.substr(slash + 1);
  }
  auto dir = open_directory_below(root, parent);
  if (!dir) {
    return;  // no such directory (or a link): nothing of this row here
  }
  auto names = list_directory(dir->get());
  if (!names) {
    return;
  }
  std::sort(names->begin(), names->end());
  for (const auto& name : *names) {
    if (::fnmatch(last.c_str(), name.c_str(), FNM_PERIOD) != 0) {
      continue;
    }
    struct stat info {};
    if (::fstatat(dir->get(), name.c_str(), &info, AT_SYMLINK_NOFOLLOW) != 0) {
      continue;
    }
    std::string path = child_path(parent, name);
    if (S_ISLNK(info.st_mode)) {
      notes.push_back(path + " is a symlink: not followed, left alone");
      continue;
    }
    if (!S_ISDIR(info.st_mode) && !S_ISREG(info.st_mode)) {
      notes.push_back(path + " is not a regular file or a directory: left alone");
      continue;
    }
    found.push_back({&row, parent, name, path, S_ISDIR(info.st_mode), false});
  }
}

// `any` rows: directories named like the pattern anywhere below the tree (not in .git, not below a
// link, not on another file system, not inside what the `top` rows already claim).
void find_any(int dir, const std::string& path, dev_t device, int depth, const std::vector<const ArtifactRow*>& rows,
              const std::set<std::string>& claimed, std::vector<Candidate>& found) {
  if (depth > 256) {
    return;
  }
  auto names = list_directory(dir);
  if (!names) {
    return;
  }
  std::sort(names->begin(), names->end());
  for (const auto& name : *names) {
    if (name == ".git") {
      continue;
    }
    std::string child = child_path(path, name);
    if (claimed.count(child) != 0) {
      continue;
    }
    struct stat info {};
    if (::fstatat(dir, name.c_str(), &info, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISDIR(info.st_mode) ||
        info.st_dev != device) {
      continue;
    }
    const ArtifactRow* matched = nullptr;
    for (const auto* row : rows) {
      if (::fnmatch(row->pattern.c_str(), name.c_str(), FNM_PERIOD) == 0) {
        matched = row;
        break;
      }
    }
    if (matched != nullptr) {
      found.push_back({matched, path, name, child, true, false});
      continue;
    }
    OwnedFd next(::openat(dir, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (next.valid()) {
      find_any(next.get(), child, device, depth + 1, rows, claimed, found);
    }
  }
}

// `deep` rows: "$VARIABLE|~/path".
void find_deep(const ArtifactRow& row, const probe::Environment& environment, std::vector<Candidate>& found,
               std::vector<std::string>& notes) {
  std::string spec = row.pattern;
  std::string variable;
  std::string fallback = spec;
  if (auto bar = spec.find('|'); spec.starts_with("$") && bar != std::string::npos) {
    variable = spec.substr(1, bar - 1);
    fallback = spec.substr(bar + 1);
  }
  std::string path;
  std::string how;
  if (auto value = variable.empty() ? std::nullopt : environment.get(variable); value && !value->empty()) {
    path = *value;
    how = "$" + variable;
  } else if (fallback.starts_with("~/")) {
    auto home = environment.get("HOME");
    if (!home || home->empty()) {
      notes.push_back(row.kind + ": $HOME is not set; " + fallback + " not looked at");
      return;
    }
    path = *home + fallback.substr(1);
    how = fallback;
  } else {
    return;
  }
  while (path.size() > 1 && path.back() == '/') {
    path.pop_back();
  }
  if (!path.starts_with("/") || has_dotdot(path)) {
    notes.push_back(how + "=" + path + ": not an absolute path without '..'; left alone");
    return;
  }
  if (path == "/") {
    notes.push_back(how + "=/: refused, it is the root directory /");
    return;
  }
  auto slash = path.rfind('/');
  std::string parent = slash == 0 ? "/" : path.substr(0, slash);
  std::string name = path.substr(slash + 1);
  struct stat info {};
  if (name.empty() || ::lstat(path.c_str(), &info) != 0) {
    return;  // no such cache
  }
  if (S_ISLNK(info.st_mode)) {
    notes.push_back(path + " (" + how + ") is a symlink: not followed, left alone");
    return;
  }
  if (!S_ISDIR(info.st_mode)) {
    notes.push_back(path + " (" + how + ") is not a directory: left alone");
    return;
  }
  if (auto why = forbidden_directory(real_path(path), info, environment); !why.empty()) {
    notes.push_back(path + " (" + how + "): refused, " + why);
    return;
  }
  found.push_back({&row, parent, name, path, true, true});
}

// The entries of each CMakeCache.txt that no longer match: where the cache was made (a moved or
// copied tree) and, when doctor's facts are at hand, what a configure would take now.
void judge_caches(int root, const std::string& root_path, CleanItem& item, const CleanContext& context) {
  for (const auto& cache_path : item.caches) {
    auto text = read_below(root, cache_path);
    if (!text) {
      item.stale_entries.push_back(cache_path + ": not read (" + text.error().message + ")");
      continue;
    }
    auto cache = doctor::parse_cmake_cache(*text);
    std::string dir = cache_path.find('/') == std::string::npos ? root_path
                                                                : root_path + "/" + cache_path.substr(0, cache_path.rfind('/'));
    if (auto made = cache.find("CMAKE_CACHEFILE_DIR"); made != cache.end() && !made->second.empty() &&
                                                       made->second != dir && real_path(made->second) != dir) {
      item.stale_entries.push_back(cache_path + ": CMAKE_CACHEFILE_DIR=" + made->second + " (now: " + dir +
                                   "; the tree was moved or copied)");
    }
    if (context.facts) {
      const doctor::Facts& facts = context.facts();
      probe::SystemRoot system_root("/");
      for (const auto& entry : doctor::stale_cache_entries(facts, cache, doctor::resolve_cache_paths(system_root, cache))) {
        item.stale_entries.push_back(cache_path + ": " + entry);
      }
    }
  }
}

}  // namespace

Result<CleanPlan> plan_clean(const CleanOptions& options, const CleanContext& context) {
  if (options.src.empty()) {
    return Error{"no source tree given (--src DIR)"};
  }
  if (has_dotdot(options.src)) {
    return Error{"refusing " + options.src + ": the path has a '..' component (give the tree's own path)"};
  }
  std::string absolute = options.src;
  if (!absolute.starts_with("/")) {
    std::string cwd = options.cwd;
    if (cwd.empty()) {
      char buffer[PATH_MAX + 1];
      if (::getcwd(buffer, sizeof buffer) == nullptr) {
        return Error{std::string("the working directory: ") + std::strerror(errno)};
      }
      cwd = buffer;
    }
    absolute = cwd + "/" + absolute;
  }
  CleanPlan plan;
  plan.report.src = options.src;
  plan.report.deep = options.deep;
  // The tree as the user named it (a symlink given as --src is followed once, here); below it nothing is.
  plan.root = OwnedFd(::open(absolute.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!plan.root.valid()) {
    return Error{"refusing " + options.src + ": " + std::strerror(errno)};
  }
  struct stat info {};
  if (::fstat(plan.root.get(), &info) != 0) {
    return Error{"refusing " + options.src + ": " + std::strerror(errno)};
  }
  plan.device = info.st_dev;
  std::string root_path = path_of(plan.root.get());
  if (root_path.empty()) {
    root_path = real_path(absolute);
  }
  plan.report.root = root_path;
  if (auto why = forbidden_directory(root_path, info, context.environment); !why.empty()) {
    return Error{"refusing " + options.src + ": " + why};
  }
  for (const char* marker : {"setup.py", "pyproject.toml", "CMakeLists.txt"}) {
    struct stat file {};
    if (::fstatat(plan.root.get(), marker, &file, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(file.st_mode)) {
      plan.report.recognised_by = marker;
      break;
    }
  }
  if (plan.report.recognised_by.empty()) {
    return Error{"refusing " + options.src + ": not a project tree (no setup.py, pyproject.toml or CMakeLists.txt at its top)"};
  }
  plan.report.project = doctor::source_project(root_path);

  // Find.
  auto rows = artifact_rows();
  std::vector<Candidate> candidates;
  std::vector<const ArtifactRow*> any_rows;
  for (const auto& row : rows) {
    if (row.project != "*" && row.project != plan.report.project) {
      continue;
    }
    if (row.where == "top") {
      find_top(plan.root.get(), row, candidates, plan.report.notes);
    } else if (row.where == "any") {
      any_rows.push_back(&row);
    } else if (row.where == "deep" && options.deep) {
      find_deep(row, context.environment, candidates, plan.report.notes);
    }
  }
  // A path two rows match ("build" and "python/build" never; "*.egg-info" and "python/*.egg-info" never) is kept once.
  std::set<std::string> claimed;
  std::vector<Candidate> unique;
  for (auto& candidate : candidates) {
    if (claimed.insert(candidate.path).second) {
      unique.push_back(std::move(candidate));
    }
  }
  if (!any_rows.empty()) {
    find_any(plan.root.get(), "", plan.device, 0, any_rows, claimed, unique);
  }

  // Ask git about what lies below the items.
  std::vector<std::string> tree_paths;
  for (const auto& candidate : unique) {
    if (!candidate.deep) {
      tree_paths.push_back(candidate.path);
    }
  }
  if (!tree_paths.empty()) {
    ask_git(root_path, tree_paths, context, plan);
  }

  // Measure and judge.
  for (const auto& candidate : unique) {
    CleanItem item;
    item.kind = candidate.row->kind;
    item.path = candidate.path;
    item.outside_tree = candidate.deep;
    item.directory = candidate.directory;
    item.why = candidate.row->why;
    item.source = candidate.row->source;
    Usage usage;
    dev_t device = plan.device;
    if (candidate.deep) {
      OwnedFd parent(::open(candidate.parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
      struct stat cache {};
      if (!parent.valid() || ::fstatat(parent.get(), candidate.name.c_str(), &cache, AT_SYMLINK_NOFOLLOW) != 0) {
        continue;
      }
      device = cache.st_dev;
      measure(parent.get(), candidate.name, candidate.path, device, usage);
    } else {
      auto parent = open_directory_below(plan.root.get(), candidate.parent);
      if (!parent) {
        continue;
      }
      measure(parent->get(), candidate.name, candidate.path, device, usage);
      item.tracked = plan.tracked.count_at_or_below(candidate.path);
    }
    item.bytes = usage.bytes;
    item.files = usage.files;
    item.skipped = std::move(usage.skipped);
    if (!candidate.deep) {
      item.caches = std::move(usage.cmake_caches);
      judge_caches(plan.root.get(), root_path, item, context);
    }
    plan.report.items.push_back(std::move(item));
    plan.locations.push_back({candidate.parent, candidate.name, device});
  }
  if (!plan.removal_allowed) {
    plan.report.notes.push_back("nothing will be removed: " + plan.refusal);
  }
  return plan;
}

Status apply_clean(CleanPlan& plan, const BeforeRemove& before_remove) {
  if (!plan.removal_allowed) {
    return Error{"nothing removed: " + plan.refusal};
  }
  plan.report.applied = true;
  TrackedFiles none;
  for (std::size_t i = 0; i < plan.report.items.size(); ++i) {
    auto& item = plan.report.items[i];
    const auto& location = plan.locations[i];
    Removal removal;
    if (item.outside_tree) {
      OwnedFd parent(::open(location.parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
      if (!parent.valid()) {
        item.errors.push_back(location.parent + ": " + std::strerror(errno));
        continue;
      }
      remove(parent.get(), location.name, item.path, location.device, none, before_remove, removal);
    } else {
      auto parent = open_directory_below(plan.root.get(), location.parent);
      if (!parent) {
        item.errors.push_back(parent.error().message + "; left alone");
        continue;
      }
      remove(parent->get(), location.name, item.path, location.device, plan.tracked, before_remove, removal);
    }
    item.removed_files = removal.files;
    item.removed_bytes = removal.bytes;
    item.vanished = removal.vanished;
    item.errors = std::move(removal.errors);
    item.removed = item.errors.empty() && removal.kept == 0;
  }
  return Ok{};
}

}  // namespace archfit::clean
