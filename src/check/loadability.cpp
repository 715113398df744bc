#include "check/loadability.hpp"

#include <fmt/format.h>

#include "binfmt/elf_file.hpp"
#include "binfmt/elf_host_needs.hpp"
#include "util/mapped_file.hpp"

namespace archfit::check {

namespace {

std::string parent_dir(const std::string& path) {
  auto slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

// "a/b/../c/./d" → "a/c/d" (member names inside a zip have no leading '/').
std::string normalize(const std::string& path) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= path.size()) {
    auto slash = path.find('/', start);
    std::string part = path.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    if (part == "..") {
      if (!parts.empty()) {
        parts.pop_back();
      }
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    if (slash == std::string::npos) {
      break;
    }
    start = slash + 1;
  }
  return fmt::format("{}", fmt::join(parts, "/"));
}

std::string replace_origin(std::string path, const std::string& origin) {
  for (std::string_view token : {"${ORIGIN}", "$ORIGIN"}) {
    for (auto at = path.find(token); at != std::string::npos; at = path.find(token, at + origin.size())) {
      path.replace(at, token.size(), origin);
    }
  }
  return path;
}

bool has_origin(const std::string& path) { return path.find("$ORIGIN") != std::string::npos || path.find("${ORIGIN}") != std::string::npos; }

std::string library_fix(const std::string& soname) {
  if (soname.starts_with("libcuda.so")) {
    return "install the NVIDIA driver (libcuda comes with it, not with the CUDA toolkit)";
  }
  if (soname.starts_with("libamdhip64.so") || soname.starts_with("libhsa-runtime64.so") ||
      soname.starts_with("librocm") || soname.starts_with("libroc") || soname.starts_with("libhip") ||
      soname.starts_with("libMIOpen") || soname.starts_with("librccl")) {
    return fmt::format("install the ROCm release that provides {} (the number after .so is the ROCm major), or a "
                       "build of this package made for the ROCm you have; `archfit doctor` lists the ROCm installs",
                       soname);
  }
  if (soname.starts_with("libcudart.so") || soname.starts_with("libcublas") || soname.starts_with("libcudnn") ||
      soname.starts_with("libnccl") || soname.starts_with("libcufft") || soname.starts_with("libcusparse") ||
      soname.starts_with("libnv")) {
    return fmt::format("install the CUDA major version that provides {} (pip's nvidia-* packages or the toolkit), "
                       "or a build of this package for the CUDA you have",
                       soname);
  }
  return fmt::format("install the package that provides {}, or add its directory to LD_LIBRARY_PATH", soname);
}

std::string version_fix(const std::string& space, const std::string& version, const std::string& provider) {
  if (space == "GLIBCXX" || space == "CXXABI") {
    return fmt::format("{} needs a newer libstdc++ than {}: in a conda env `conda install -c conda-forge "
                       "'libstdcxx-ng>=12'`, otherwise install a newer libstdc++6 / g++, or rebuild the package with "
                       "the compiler of this system",
                       version, provider);
  }
  if (space == "GLIBC") {
    return fmt::format("{} needs glibc newer than this system's: use a build made on an older distribution "
                       "(manylinux), or a newer OS",
                       version);
  }
  return fmt::format("install a {} that defines {}", provider, version);
}

}  // namespace

int x86_level_rank(const std::string& level) {
  if (level == "x86-64" || level == "x86-64-baseline") {
    return 0;
  }
  if (level == "x86-64-v2") {
    return 1;
  }
  if (level == "x86-64-v3") {
    return 2;
  }
  if (level == "x86-64-v4") {
    return 3;
  }
  return -1;
}

LoadChecker::LoadChecker(const probe::SystemRoot& root, const probe::Environment& environment,
                         std::string cpu_isa_level, std::vector<std::string> program_rpath)
    : m_root(root),
      m_resolver(root, environment),
      m_cpu_isa_level(std::move(cpu_isa_level)),
      m_program_rpath(std::move(program_rpath)) {}

const std::set<std::string>& LoadChecker::definitions_of(const std::string& path) {
  auto found = m_definitions.find(path);
  if (found != m_definitions.end()) {
    return found->second;
  }
  std::set<std::string> versions;
  if (auto mapped = MappedFile::open(m_root.host_path(path))) {
    if (auto elf = binfmt::ElfFile::parse(mapped->bytes())) {
      if (auto needs = binfmt::read_host_needs(*elf)) {
        versions.insert(needs->version_definitions.begin(), needs->version_definitions.end());
      }
    }
  }
  return m_definitions.emplace(path, std::move(versions)).first->second;
}

LoadResult LoadChecker::check(const scan::FileReport& file, const std::string& package,
                              const std::set<std::string>& members, const std::map<std::string, std::string>& preloaded) {
  LoadResult result;
  result.path = file.path;
  result.member = file.member;
  result.package = package;
  if (!file.needs) {
    return result;
  }
  const auto& needs = *file.needs;
  bool in_zip = file.member.has_value();
  std::string origin = in_zip ? parent_dir(*file.member) : parent_dir(file.path);
  probe::LibraryRequester requester;
  requester.origin = origin;
  // Inside a zip, $ORIGIN paths point at members, not at files on this system.
  for (const auto& dir : needs.rpath) {
    if (!(in_zip && has_origin(dir))) {
      requester.rpath.push_back(dir);
    }
  }
  for (const auto& dir : needs.runpath) {
    if (!(in_zip && has_origin(dir))) {
      requester.runpath.push_back(dir);
    }
  }
  if (requester.runpath.empty()) {
    requester.rpath.insert(requester.rpath.end(), m_program_rpath.begin(), m_program_rpath.end());
  }
  std::map<std::string, std::string> resolved_paths;
  for (const auto& soname : needs.needed) {
    ResolvedNeed need{soname, "", ""};
    if (in_zip) {
      for (const auto* list : {&needs.rpath, &needs.runpath}) {
        for (const auto& dir : *list) {
          std::string candidate = normalize(replace_origin(dir, origin) + "/" + soname);
          if (has_origin(dir) && members.count(candidate) != 0) {
            need.path = candidate;
            need.via = "in the wheel";
          }
        }
      }
      if (need.path.empty() && members.count(normalize(origin + "/" + soname)) != 0) {
        // Not on the search path by itself, but shipped next to it: the loader will not find it
        // unless something else loaded it first; count it as provided by the wheel.
        need.path = normalize(origin + "/" + soname);
        need.via = "in the wheel (same directory)";
      }
    }
    if (need.path.empty()) {
      if (auto loaded = preloaded.find(soname); loaded != preloaded.end()) {
        need.path = loaded->second;
        need.via = "already loaded";
        resolved_paths[soname] = loaded->second;
      } else if (auto found = m_resolver.resolve(soname, requester)) {
        need.path = found->path;
        need.via = found->via;
        resolved_paths[soname] = found->path;
      }
    }
    if (need.path.empty()) {
      result.problems.push_back({"missing-library", soname, "",
                                 fmt::format("{} is not found by the loader's search (RPATH/RUNPATH, "
                                             "LD_LIBRARY_PATH, ld.so.cache, system directories)",
                                             soname),
                                 library_fix(soname)});
    }
    result.needed.push_back(std::move(need));
  }
  for (const auto& [soname, versions] : needs.versions) {
    auto resolved = resolved_paths.find(soname);
    if (resolved == resolved_paths.end()) {
      continue;  // missing (already reported) or inside the wheel
    }
    const auto& defined = definitions_of(resolved->second);
    if (defined.empty()) {
      continue;  // an unversioned library (or unreadable): the loader does not check versions
    }
    std::string missing_highest;
    for (const auto& version : versions) {
      if (defined.count(version) == 0 &&
          (missing_highest.empty() || binfmt::symbol_version_less(missing_highest, version))) {
        missing_highest = version;
      }
    }
    if (missing_highest.empty()) {
      continue;
    }
    std::map<std::string, std::string> highest;
    for (const auto& version : defined) {
      binfmt::keep_highest_version(version, highest);
    }
    auto space = binfmt::parse_symbol_version(missing_highest);
    std::string provided = space && highest.count(space->first) ? highest[space->first] : std::string();
    result.problems.push_back(
        {"symbol-version", missing_highest, provided,
         fmt::format("version `{}' not found (required by {}): {} defines {}", missing_highest,
                     file.member ? *file.member : file.path, resolved->second,
                     provided.empty() ? std::string("no such version") : "up to " + provided),
         version_fix(space ? space->first : "", missing_highest, resolved->second)});
  }
  int needed_level = x86_level_rank(needs.x86_isa_level);
  int cpu_level = x86_level_rank(m_cpu_isa_level);
  if (needed_level > 0 && cpu_level >= 0 && needed_level > cpu_level) {
    result.problems.push_back({"isa-level", needs.x86_isa_level, m_cpu_isa_level,
                               fmt::format("built for {} but this CPU supports only {}: glibc refuses to load it, or "
                                           "it dies with \"Illegal instruction\"",
                                           needs.x86_isa_level, m_cpu_isa_level),
                               "use a build for a lower x86-64 level (most wheels are baseline), or run on a newer CPU"});
  }
  return result;
}

}  // namespace archfit::check
