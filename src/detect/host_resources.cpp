#include "detect/host_resources.hpp"
#include "util/text_lines.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace archfit::detect {

namespace {

std::optional<std::uint64_t> parse_u64(std::string_view text) {
  text = trim(text);
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

// The value of "Key:   123 kB" in a /proc file, in bytes when the unit is kB.
std::optional<std::uint64_t> proc_field(std::string_view text, std::string_view key) {
  std::size_t at = 0;
  while ((at = text.find(key, at)) != std::string_view::npos) {
    if ((at == 0 || text[at - 1] == '\n') && at + key.size() < text.size() && text[at + key.size()] == ':') {
      std::string_view rest = text.substr(at + key.size() + 1);
      rest = trim(rest.substr(0, rest.find('\n')));
      bool kilobytes = rest.ends_with("kB");
      if (kilobytes) {
        rest.remove_suffix(2);
      }
      auto value = parse_u64(rest);
      if (value && kilobytes) {
        *value *= 1024;
      }
      return value;
    }
    at += key.size();
  }
  return std::nullopt;
}

std::string proc_text_field(std::string_view text, std::string_view key) {
  auto at = text.find(std::string(key) + ":");
  if (at == std::string_view::npos) {
    return {};
  }
  std::string_view rest = text.substr(at + key.size() + 1);
  return std::string(trim(rest.substr(0, rest.find('\n'))));
}

template <class T>
void keep_smaller(std::optional<T>& current, T candidate) {
  if (!current || candidate < *current) {
    current = candidate;
  }
}

// Directories from the cgroup's own up to the hierarchy's root: limits of ancestors apply too.
// The kernel never writes "." or ".." in /proc/self/cgroup; a captured file that does would climb
// out of the hierarchy, so only the hierarchy's root is read then.
std::vector<std::string> cgroup_chain(const std::string& mount, std::string path) {
  std::vector<std::string> dirs;
  if (path.find("/..") != std::string::npos || path.find("/./") != std::string::npos || path.ends_with("/.")) {
    return {mount};
  }
  while (true) {
    dirs.push_back(mount + (path == "/" ? "" : path));
    if (path == "/" || path.empty()) {
      break;
    }
    auto slash = path.rfind('/');
    path = slash == 0 ? "/" : path.substr(0, slash);
  }
  return dirs;
}

void read_cgroup_v2(const probe::SystemRoot& root, const std::string& path, HostResources& resources) {
  for (const auto& dir : cgroup_chain("/sys/fs/cgroup", path)) {
    auto memory = root.read_text(dir + "/memory.max", 256);
    if (memory.ok()) {
      if (auto limit = parse_u64(memory.text)) {
        keep_smaller(resources.cgroup_memory_limit_bytes, *limit);
      }
    }
    auto cpu = root.read_text(dir + "/cpu.max", 256);
    if (cpu.ok()) {
      std::string_view text = trim(cpu.text);
      auto space = text.find(' ');
      auto quota = parse_u64(text.substr(0, space));
      auto period = space == std::string_view::npos ? std::nullopt : parse_u64(text.substr(space + 1));
      if (quota && period && *period > 0) {
        keep_smaller(resources.cgroup_cpu_limit, static_cast<double>(*quota) / static_cast<double>(*period));
      }
    }
  }
}

// v1: the path in /proc/self/cgroup is the host's view; inside a container without a cgroup
// namespace the controller's mount shows the container's own group at its root, so fall back.
std::string existing_v1_dir(const probe::SystemRoot& root, const std::string& mount, const std::string& path,
                            std::string_view file) {
  std::string dir = mount + (path == "/" ? "" : path);
  if (root.exists(dir + "/" + std::string(file))) {
    return dir;
  }
  return mount;
}

void read_cgroup_v1(const probe::SystemRoot& root, std::string_view controllers, const std::string& path,
                    HostResources& resources) {
  auto has = [&](std::string_view name) {
    std::string_view list = controllers;
    while (!list.empty()) {
      auto comma = list.find(',');
      if (list.substr(0, comma) == name) {
        return true;
      }
      list.remove_prefix(comma == std::string_view::npos ? list.size() : comma + 1);
    }
    return false;
  };
  if (has("memory")) {
    std::string dir = existing_v1_dir(root, "/sys/fs/cgroup/memory", path, "memory.limit_in_bytes");
    auto limit = root.read_text(dir + "/memory.limit_in_bytes", 256);
    if (auto value = limit.ok() ? parse_u64(limit.text) : std::nullopt; value && *value < (std::uint64_t{1} << 62)) {
      keep_smaller(resources.cgroup_memory_limit_bytes, *value);
    }
  }
  if (has("cpu")) {
    std::string mount = "/sys/fs/cgroup/" + std::string(controllers);
    if (!root.exists(mount)) {
      mount = "/sys/fs/cgroup/cpu";
    }
    std::string dir = existing_v1_dir(root, mount, path, "cpu.cfs_quota_us");
    auto quota_file = root.read_text(dir + "/cpu.cfs_quota_us", 256);
    auto period_file = root.read_text(dir + "/cpu.cfs_period_us", 256);
    std::string_view quota_text = trim(quota_file.text);
    auto quota = quota_file.ok() && !quota_text.starts_with('-') ? parse_u64(quota_text) : std::nullopt;
    auto period = period_file.ok() ? parse_u64(period_file.text) : std::nullopt;
    if (quota && period && *period > 0) {
      keep_smaller(resources.cgroup_cpu_limit, static_cast<double>(*quota) / static_cast<double>(*period));
    }
  }
}

}  // namespace

std::optional<unsigned> count_cpu_list(std::string_view list) {
  list = trim(list);
  if (list.empty()) {
    return std::nullopt;
  }
  unsigned count = 0;
  while (!list.empty()) {
    auto comma = list.find(',');
    std::string_view range = list.substr(0, comma);
    auto dash = range.find('-');
    auto first = parse_u64(range.substr(0, dash));
    auto last = dash == std::string_view::npos ? first : parse_u64(range.substr(dash + 1));
    if (!first || !last || *last < *first || *last - *first > 1u << 20) {
      return std::nullopt;
    }
    count += static_cast<unsigned>(*last - *first + 1);
    list.remove_prefix(comma == std::string_view::npos ? list.size() : comma + 1);
  }
  return count;
}

std::optional<std::uint64_t> HostResources::usable_memory_bytes() const {
  if (!memory_total_bytes) {
    return cgroup_memory_limit_bytes;
  }
  return cgroup_memory_limit_bytes ? std::min(*memory_total_bytes, *cgroup_memory_limit_bytes) : memory_total_bytes;
}

unsigned HostResources::usable_cpus(unsigned logical_cpus) const {
  unsigned cpus = affinity_cpus.value_or(logical_cpus);
  if (cgroup_cpu_limit) {
    cpus = std::min(cpus, std::max(1u, static_cast<unsigned>(std::ceil(*cgroup_cpu_limit))));
  }
  return cpus;
}

HostResources read_host_resources(const probe::SystemRoot& root) {
  HostResources resources;
  auto meminfo = root.read_text("/proc/meminfo", 64 * 1024);
  if (meminfo.ok()) {
    resources.memory_total_bytes = proc_field(meminfo.text, "MemTotal");
    resources.memory_available_bytes = proc_field(meminfo.text, "MemAvailable");
  }
  auto status = root.read_text("/proc/self/status", 64 * 1024);
  if (status.ok()) {
    resources.affinity_cpus = count_cpu_list(proc_text_field(status.text, "Cpus_allowed_list"));
  }
  auto cgroup = root.read_text("/proc/self/cgroup", 64 * 1024);
  for (std::string_view line : split_lines(cgroup.ok() ? std::string_view(cgroup.text) : std::string_view())) {
    auto first = line.find(':');
    auto second = first == std::string_view::npos ? first : line.find(':', first + 1);
    if (second == std::string_view::npos) {
      continue;
    }
    std::string_view controllers = line.substr(first + 1, second - first - 1);
    std::string path(trim(line.substr(second + 1)));
    if (line.substr(0, first) == "0" && controllers.empty()) {
      resources.cgroup_version = 2;
      resources.cgroup_path = path;
      read_cgroup_v2(root, path, resources);
    } else if (!controllers.empty()) {
      if (resources.cgroup_version == 0) {
        resources.cgroup_version = 1;
      }
      if (resources.cgroup_path.empty() && controllers.find("memory") != std::string_view::npos) {
        resources.cgroup_path = path;
      }
      read_cgroup_v1(root, controllers, path, resources);
    }
  }
  if (resources.memory_available_bytes && resources.cgroup_memory_limit_bytes) {
    keep_smaller(resources.memory_available_bytes, *resources.cgroup_memory_limit_bytes);
  }
  return resources;
}

}  // namespace archfit::detect
