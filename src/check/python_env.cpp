#include "check/python_env.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "knowledge/tsv_table.hpp"
#include "util/text_lines.hpp"

namespace archfit::check {

namespace {

// Printed by the interpreter; only standard-library modules, nothing of the environment's
// packages is imported.
constexpr const char* k_query =
    "import json, sys, sysconfig\n"
    "p = sysconfig.get_paths()\n"
    "print(json.dumps({'executable': sys.executable, 'prefix': sys.prefix, "
    "'version': '%d.%d.%d' % sys.version_info[:3], 'path': sys.path, "
    "'purelib': p.get('purelib', ''), 'platlib': p.get('platlib', '')}))\n";

// The string literal after `name` and '=' on a line of version.py, or "" for None/absent.
std::string python_literal(std::string_view text, std::string_view name) {
  for (auto line : split_lines(text)) {
    line = trim(line);
    if (!line.starts_with(name)) {
      continue;
    }
    std::string_view rest = line.substr(name.size());
    if (rest.empty() || (rest.front() != ' ' && rest.front() != '=' && rest.front() != ':')) {
      continue;
    }
    auto equals = rest.find('=');
    if (equals == std::string_view::npos) {
      continue;
    }
    std::string_view value = trim(rest.substr(equals + 1));
    if (value.size() >= 2 && (value.front() == '\'' || value.front() == '"')) {
      auto end = value.find(value.front(), 1);
      if (end != std::string_view::npos) {
        return std::string(value.substr(1, end - 1));
      }
    }
    return {};
  }
  return {};
}

// What a RECORD path names, relative to site-packages, after "." and ".." are resolved; nullopt
// when it is absolute or leaves site-packages at any point ("torch/lib/../../../outside.so").
std::optional<std::string> path_inside_site(std::string_view path) {
  if (path.starts_with('/')) {
    return std::nullopt;
  }
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = std::min(path.find('/', start), path.size());
    std::string_view part = path.substr(start, end - start);
    if (part == "..") {
      if (parts.empty()) {
        return std::nullopt;
      }
      parts.pop_back();
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    start = end + 1;
  }
  if (parts.empty()) {
    return std::nullopt;
  }
  std::string joined;
  for (auto part : parts) {
    joined += joined.empty() ? "" : "/";
    joined += part;
  }
  return joined;
}

// Why `path` must not be opened: a FIFO would block the scan, a device would be read. nullopt for
// regular files, directories and what does not exist (the scan reports those itself).
std::optional<std::string> not_a_file(const probe::SystemRoot& root, const std::string& path) {
  struct stat info {};
  if (::stat(root.host_path(path).c_str(), &info) != 0 || S_ISREG(info.st_mode) || S_ISDIR(info.st_mode)) {
    return std::nullopt;
  }
  return S_ISFIFO(info.st_mode) ? std::string("a FIFO, not a file") : std::string("a device or socket, not a file");
}

}  // namespace

Result<PythonPaths> query_python_paths(const std::string& python, const probe::CommandRunner& runner,
                                       const probe::Environment& environment, std::chrono::milliseconds timeout) {
  auto result = runner.run({python, "-c", k_query}, environment, timeout);
  if (!result.started) {
    return Error{python + ": cannot run it (" + result.start_error + "); give the interpreter's path, e.g. --python "
                 ".venv/bin/python"};
  }
  if (result.timed_out) {
    return Error{python + ": did not answer within " + std::to_string(timeout.count() / 1000) + " s"};
  }
  if (!result.succeeded()) {
    return Error{python + ": the path query failed: " + std::string(trim(result.err)).substr(0, 400)};
  }
  auto json = nlohmann::json::parse(result.out, nullptr, false);
  if (json.is_discarded() || !json.is_object()) {
    return Error{python + ": unexpected answer to the path query: " + result.out.substr(0, 200)};
  }
  PythonPaths paths;
  paths.executable = json.value("executable", "");
  paths.prefix = json.value("prefix", "");
  paths.version = json.value("version", "");
  std::vector<std::string> candidates;
  if (json.contains("path") && json["path"].is_array()) {
    for (const auto& entry : json["path"]) {
      if (entry.is_string()) {
        candidates.push_back(entry.get<std::string>());
      }
    }
  }
  candidates.push_back(json.value("purelib", ""));
  candidates.push_back(json.value("platlib", ""));
  for (const auto& dir : candidates) {
    bool site = dir.ends_with("site-packages") || dir.ends_with("dist-packages");
    if (site && std::find(paths.site_dirs.begin(), paths.site_dirs.end(), dir) == paths.site_dirs.end()) {
      paths.site_dirs.push_back(dir);
    }
  }
  return paths;
}

std::optional<PythonPaths> venv_python_paths(const probe::SystemRoot& root, const std::string& python) {
  auto slash = python.rfind('/');
  if (slash == std::string::npos) {
    return std::nullopt;  // a bare name is looked up on PATH by the interpreter query
  }
  std::string bin = python.substr(0, slash);
  std::string prefix = bin.substr(0, bin.rfind('/'));
  if (prefix.empty() || !bin.ends_with("/bin")) {
    return std::nullopt;
  }
  auto config = root.read_text(prefix + "/pyvenv.cfg", 64 * 1024);
  if (!config.ok()) {
    return std::nullopt;
  }
  std::string version;
  bool system_site = false;
  for (auto line : split_lines(config.text)) {
    auto equals = line.find('=');
    if (equals == std::string_view::npos) {
      continue;
    }
    std::string_view key = trim(line.substr(0, equals));
    std::string_view value = trim(line.substr(equals + 1));
    if (key == "version" || key == "version_info") {
      version = std::string(value);
    } else if (key == "include-system-site-packages") {
      system_site = value == "true";
    }
  }
  auto first_dot = version.find('.');
  auto second_dot = first_dot == std::string::npos ? first_dot : version.find('.', first_dot + 1);
  if (system_site || first_dot == std::string::npos) {
    return std::nullopt;
  }
  PythonPaths paths;
  paths.executable = python;
  paths.prefix = prefix;
  paths.version = version;
  std::string site = prefix + "/lib/python" + version.substr(0, second_dot) + "/site-packages";
  if (!root.exists(site)) {
    return std::nullopt;
  }
  paths.site_dirs.push_back(site);
  return paths;
}

std::string normalize_distribution_name(std::string_view name) {
  std::string result;
  bool dash = false;
  for (char c : name) {
    if (c == '-' || c == '_' || c == '.') {
      dash = true;
      continue;
    }
    if (dash && !result.empty()) {
      result += '-';
    }
    dash = false;
    result += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return result;
}

void parse_metadata(std::string_view text, PackageInfo& info) {
  for (auto line : split_lines(text)) {
    if (line.empty()) {
      break;  // the headers end at the first empty line; the description follows
    }
    auto colon = line.find(':');
    if (colon == std::string_view::npos || line.front() == ' ' || line.front() == '\t') {
      continue;
    }
    std::string_view key = line.substr(0, colon);
    std::string value(trim(line.substr(colon + 1)));
    if (key == "Name") {
      info.name = normalize_distribution_name(value);
    } else if (key == "Version") {
      info.version = value;
    } else if (key == "Requires-Dist") {
      info.requires_dist.push_back(value);
    }
  }
}

void parse_torch_version_py(std::string_view text, PackageInfo& info) {
  info.torch_cuda = python_literal(text, "cuda");
  info.torch_hip = python_literal(text, "hip");
  info.torch_git_version = python_literal(text, "git_version");
  if (info.version.empty()) {
    info.version = python_literal(text, "__version__");
  }
}

namespace {

// The `name` column of data/gpu_python_packages.tsv, for the rows of `role` (any role when empty).
std::vector<std::string> gpu_python_packages(std::string_view role) {
  const auto& table = knowledge::embedded_table("gpu_python_packages.tsv");
  std::vector<std::string> names;
  for (const auto& row : table.rows) {
    if (role.empty() || table.field(row, "role") == role) {
      names.push_back(table.field(row, "name"));
    }
  }
  return names;
}

}  // namespace

bool is_gpu_framework(const std::string& name) {
  static const std::vector<std::string> names = gpu_python_packages("");
  return std::find(names.begin(), names.end(), name) != names.end();
}

const std::vector<std::string>& triton_distributions() {
  static const std::vector<std::string> names = gpu_python_packages("triton");
  return names;
}

std::vector<Distribution> read_distributions(const probe::SystemRoot& root, const std::vector<std::string>& site_dirs) {
  std::vector<Distribution> distributions;
  std::set<std::string> seen;
  for (const auto& site : site_dirs) {
    for (const auto& entry : root.list_dir(site)) {
      if (!entry.ends_with(".dist-info")) {
        continue;
      }
      std::string dir = site + "/" + entry;
      auto metadata = root.read_text(dir + "/METADATA", std::size_t{4} << 20);
      if (!metadata.ok()) {
        continue;
      }
      Distribution distribution;
      distribution.site_dir = site;
      distribution.info.dist_info = dir;
      parse_metadata(metadata.text, distribution.info);
      if (distribution.info.name.empty() || !seen.insert(distribution.info.name).second) {
        continue;
      }
      if (is_gpu_framework(distribution.info.name)) {
        auto record = root.read_text(dir + "/RECORD", std::size_t{64} << 20);
        for (auto line : split_lines(record.text)) {
          // path,hash,size — a path containing ',' is quoted; those are never shared objects.
          std::string_view path = line.substr(0, line.find(','));
          if (path.empty() || path.front() == '"') {
            continue;
          }
          auto inside = path_inside_site(path);
          if (!inside) {
            continue;  // scripts in ../../../bin, or a path made to escape: not the package's libraries
          }
          std::string file = site + "/" + *inside;
          if (auto refused = not_a_file(root, file)) {
            distribution.errors.push_back(fmt::format("{}: {}, named in {}/RECORD; not read", file, *refused, dir));
            continue;
          }
          distribution.files.push_back(std::move(file));
        }
        if (distribution.info.name == "torch") {
          auto version = root.read_text(site + "/torch/version.py", 64 * 1024);
          if (version.ok()) {
            parse_torch_version_py(version.text, distribution.info);
          }
        }
      }
      distributions.push_back(std::move(distribution));
    }
  }
  return distributions;
}

}  // namespace archfit::check
