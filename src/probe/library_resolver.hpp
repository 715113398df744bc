// Which file the dynamic loader would load for a soname (ld.so(8), "Shared libraries" search
// order): DT_RPATH of the requester (only when it has no DT_RUNPATH), LD_LIBRARY_PATH, the
// requester's DT_RUNPATH, /etc/ld.so.cache, then the built-in system directories
// (data/loader_search_dirs.tsv). $ORIGIN in a path is the requester's directory. A candidate
// counts only if it is an ELF file of this machine's class and machine.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "binfmt/ld_so_cache.hpp"
#include "probe/environment.hpp"
#include "probe/system_root.hpp"

namespace archfit::probe {

struct ResolvedLibrary {
  std::string path;  // on the probed system
  std::string via;   // "RPATH" | "LD_LIBRARY_PATH" | "RUNPATH" | "ld.so.cache" | "system directory"
};

struct LibraryRequester {
  std::string origin;  // directory of the object that needs the library ("" for a plain program)
  std::vector<std::string> rpath;
  std::vector<std::string> runpath;
};

class LibraryResolver {
 public:
  LibraryResolver(const SystemRoot& root, const Environment& environment);

  std::optional<ResolvedLibrary> resolve(const std::string& soname, const LibraryRequester& requester = {}) const;
  // Why the cache could not be used, or empty.
  const std::string& cache_error() const { return m_cache_error; }

 private:
  bool usable(const std::string& path) const;

  const SystemRoot& m_root;
  std::vector<std::string> m_ld_library_path;
  std::string m_cache;  // the raw /etc/ld.so.cache, searched per lookup
  mutable std::string m_cache_error;
  std::vector<std::string> m_system_dirs;
};

}  // namespace archfit::probe
