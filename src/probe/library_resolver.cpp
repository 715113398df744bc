#include "probe/library_resolver.hpp"

#include <sys/utsname.h>

#include "binfmt/elf_file.hpp"
#include "knowledge/tsv_table.hpp"

namespace archfit::probe {

namespace {

std::vector<std::string> split_colon_list(std::string_view list) {
  std::vector<std::string> parts;
  while (!list.empty()) {
    auto separator = list.find_first_of(":;");
    if (separator != 0) {
      parts.emplace_back(list.substr(0, separator));
    }
    list.remove_prefix(separator == std::string_view::npos ? list.size() : separator + 1);
  }
  return parts;
}

std::string expand_origin(std::string path, const std::string& origin) {
  for (std::string_view token : {"${ORIGIN}", "$ORIGIN"}) {
    std::size_t at = 0;
    while ((at = path.find(token, at)) != std::string::npos) {
      path.replace(at, token.size(), origin);
      at += origin.size();
    }
  }
  return path;
}

std::string machine_name() {
  struct utsname name {};
  return ::uname(&name) == 0 ? std::string(name.machine) : std::string("x86_64");
}

}  // namespace

LibraryResolver::LibraryResolver(const SystemRoot& root, const Environment& environment) : m_root(root) {
  if (auto path = environment.get("LD_LIBRARY_PATH")) {
    m_ld_library_path = split_colon_list(*path);
  }
  auto cache = root.read_text("/etc/ld.so.cache", std::size_t{64} << 20);
  if (cache.ok()) {
    m_cache = std::move(cache.text);
  }
  std::string arch = machine_name();
  const auto& table = knowledge::embedded_table("loader_search_dirs.tsv");
  for (const auto& row : table.rows) {
    if (table.field(row, "arch") == arch) {
      m_system_dirs.push_back(table.field(row, "dir"));
    }
  }
}

bool LibraryResolver::usable(const std::string& path) const {
  auto head = m_root.read_text(path, 64);
  if (!head.ok() || head.text.size() < 20) {
    return false;
  }
  auto header = binfmt::parse_elf_header(Bytes(reinterpret_cast<const std::uint8_t*>(head.text.data()), head.text.size()));
  if (!header) {
    return false;
  }
#if defined(__x86_64__)
  return header->is_64bit && header->machine == binfmt::k_em_x86_64;
#else
  return header->is_64bit;
#endif
}

std::optional<ResolvedLibrary> LibraryResolver::resolve(const std::string& soname,
                                                        const LibraryRequester& requester) const {
  if (soname.find('/') != std::string::npos) {
    return usable(soname) ? std::optional<ResolvedLibrary>({soname, "path"}) : std::nullopt;
  }
  auto search = [&](const std::vector<std::string>& dirs, std::string_view via) -> std::optional<ResolvedLibrary> {
    for (const auto& dir : dirs) {
      std::string candidate = expand_origin(dir, requester.origin) + "/" + soname;
      if (usable(candidate)) {
        return ResolvedLibrary{candidate, std::string(via)};
      }
    }
    return std::nullopt;
  };
  if (requester.runpath.empty()) {
    if (auto found = search(requester.rpath, "RPATH")) {
      return found;
    }
  }
  if (auto found = search(m_ld_library_path, "LD_LIBRARY_PATH")) {
    return found;
  }
  if (auto found = search(requester.runpath, "RUNPATH")) {
    return found;
  }
  if (!m_cache.empty()) {
    auto entries = binfmt::parse_ld_so_cache(Bytes(reinterpret_cast<const std::uint8_t*>(m_cache.data()), m_cache.size()),
                                             soname);
    if (!entries) {
      m_cache_error = entries.error().message;
    } else {
      for (const auto& entry : *entries) {
        if (entry.flags == binfmt::native_ld_cache_flags() && usable(entry.path)) {
          return ResolvedLibrary{entry.path, "ld.so.cache"};
        }
      }
    }
  }
  return search(m_system_dirs, "system directory");
}

}  // namespace archfit::probe
