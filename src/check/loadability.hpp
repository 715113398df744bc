// Will a binary *load* here? Each DT_NEEDED is resolved the way the dynamic loader would
// (probe/library_resolver.hpp: RPATH, LD_LIBRARY_PATH, RUNPATH with $ORIGIN, ld.so.cache, the
// system directories); every symbol version it requires from a library (GLIBCXX_3.4.30 from
// libstdc++.so.6, GLIBC_2.34 from libc.so.6) must be defined by the file that would be loaded;
// and its x86-64 ISA level must not exceed the CPU's. Inside a wheel, $ORIGIN paths resolve to
// the wheel's own members.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "check/check_report.hpp"
#include "probe/environment.hpp"
#include "probe/library_resolver.hpp"
#include "probe/system_root.hpp"
#include "scan/scan_report.hpp"

namespace archfit::check {

class LoadChecker {
 public:
  // `cpu_isa_level`: "x86-64-v3" (empty when unknown). `program_rpath`: directories the program
  // that loads everything contributes (a conda python's DT_RPATH $ORIGIN/../lib), searched
  // after LD_LIBRARY_PATH like the loader does for an executable's DT_RPATH.
  LoadChecker(const probe::SystemRoot& root, const probe::Environment& environment, std::string cpu_isa_level,
              std::vector<std::string> program_rpath = {});

  // `members`: the names of the zip the file is a member of (empty for files on disk).
  // `preloaded`: sonames already in the process when this file loads (soname → path), e.g.
  // torch's libraries for torchvision, which imports torch first; the loader reuses a loaded
  // library with the same soname instead of searching.
  LoadResult check(const scan::FileReport& file, const std::string& package, const std::set<std::string>& members,
                   const std::map<std::string, std::string>& preloaded = {});

 private:
  const std::set<std::string>& definitions_of(const std::string& path);

  const probe::SystemRoot& m_root;
  probe::LibraryResolver m_resolver;
  std::string m_cpu_isa_level;
  std::vector<std::string> m_program_rpath;
  std::map<std::string, std::set<std::string>> m_definitions;  // path → versions it defines
};

// 0 for the baseline, 1..3 for v2..v4; -1 when unknown. Accepts "x86-64", "x86-64-baseline".
int x86_level_rank(const std::string& level);

}  // namespace archfit::check
