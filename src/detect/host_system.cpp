#include "detect/host_system.hpp"

#include "binfmt/elf_file.hpp"
#include "binfmt/elf_host_needs.hpp"
#include "probe/library_resolver.hpp"
#include "util/mapped_file.hpp"
#include "util/text_lines.hpp"

namespace archfit::detect {

OsRelease parse_os_release(std::string_view text) {
  OsRelease os;
  for (std::string_view raw : split_lines(text)) {
    std::string_view line = trim(raw);
    auto equals = line.find('=');
    if (line.starts_with('#') || equals == std::string_view::npos) {
      continue;
    }
    std::string_view key = line.substr(0, equals);
    std::string_view value = line.substr(equals + 1);
    if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') && value.back() == value.front()) {
      value = value.substr(1, value.size() - 2);
    }
    if (key == "ID") {
      os.id = value;
    } else if (key == "ID_LIKE") {
      os.id_like = value;
    } else if (key == "VERSION_ID") {
      os.version_id = value;
    } else if (key == "PRETTY_NAME") {
      os.pretty_name = value;
    }
  }
  return os;
}

RuntimeLibrary read_runtime_library(const probe::SystemRoot& root, const std::string& path, std::string via) {
  RuntimeLibrary library;
  library.path = path;
  library.via = std::move(via);
  auto mapped = MappedFile::open(root.host_path(path));
  if (!mapped) {
    library.error = mapped.error().message;
    return library;
  }
  auto elf = binfmt::ElfFile::parse(mapped->bytes());
  if (!elf) {
    library.error = elf.error().message;
    return library;
  }
  auto needs = binfmt::read_host_needs(*elf);
  if (!needs) {
    library.error = needs.error().message;
    return library;
  }
  library.highest = needs->highest_definitions;
  return library;
}

std::string HostSystem::glibc_version() const {
  auto found = libc.highest.find("GLIBC");
  return found == libc.highest.end() ? std::string() : found->second.substr(6);
}

HostSystem read_host_system(const probe::SystemRoot& root, const probe::Environment& environment) {
  HostSystem host;
  auto os_release = root.read_text("/etc/os-release", 64 * 1024);
  if (!os_release.ok()) {
    os_release = root.read_text("/usr/lib/os-release", 64 * 1024);
  }
  if (os_release.ok()) {
    host.os = parse_os_release(os_release.text);
  }
  auto kernel = root.read_text("/proc/sys/kernel/osrelease", 256);
  if (kernel.ok()) {
    host.kernel = std::string(trim(kernel.text));
  }
  probe::LibraryResolver resolver(root, environment);
  auto resolve = [&](const std::string& soname) {
    if (auto found = resolver.resolve(soname)) {
      return read_runtime_library(root, found->path, found->via);
    }
    RuntimeLibrary missing;
    missing.error = soname + " not found by the loader's search";
    return missing;
  };
  host.libc = resolve("libc.so.6");
  host.libstdcxx = resolve("libstdc++.so.6");
  if (auto prefix = environment.get("CONDA_PREFIX"); prefix && !prefix->empty()) {
    host.conda_prefix = *prefix;
    std::string path = *prefix + "/lib/libstdc++.so.6";
    if (root.exists(path)) {
      host.conda_libstdcxx = read_runtime_library(root, path, "conda environment");
    }
  }
  return host;
}

}  // namespace archfit::detect
