// The CMakeCache.txt of an earlier configure, and which of its entries no longer match this machine.
// Shared by doctor's source.build-cache check and by `archfit clean`, which names the same entries as
// the reason a build tree is stale.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "doctor/facts.hpp"
#include "probe/system_root.hpp"

namespace archfit::doctor {

// "KEY:TYPE=VALUE" lines -> KEY -> VALUE; comments ('#', "//") and lines without '=' are skipped.
std::map<std::string, std::string> parse_cmake_cache(std::string_view text);

// The path entries the comparison resolves (compilers, ROCm/CUDA roots), with every symlink resolved.
std::map<std::string, std::string> resolve_cache_paths(const probe::SystemRoot& root,
                                                       const std::map<std::string, std::string>& cache);

// Each entry that differs from what a configure would take now, as "KEY=cached (now: value)": the arch
// lists against facts.targets, CMAKE_CXX_COMPILER, the ROCm/CUDA install, the Python environment.
std::vector<std::string> stale_cache_entries(const Facts& facts, const std::map<std::string, std::string>& cache,
                                             const std::map<std::string, std::string>& cache_real);

}  // namespace archfit::doctor
