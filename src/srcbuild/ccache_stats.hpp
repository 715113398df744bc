// ccache's hit rate for `archfit build`: the cache's counters are read before and after the build
// (`ccache --print-stats`, never zeroed: they are the user's) and the build's own delta reported.
//
// `ccache --print-stats` (since ccache 3.7: ccache/ccache@v4.7.5 doc/NEWS.adoc) prints
// one `ID<TAB>VALUE` line per counter, with the same three IDs since 3.7 (v3.7 src/stats.c).
// The counters and how ccache itself sums them (ccache/ccache@v4.7.5 src/core/Statistics.cpp,
// format_human_readable and format_machine_readable; the same in 4.8):
//   hits   = direct_cache_hit + preprocessed_cache_hit   ("Hits: Direct / Preprocessed")
//   misses = cache_miss                                   ("Misses")
// Uncacheable calls (linking, compile_failed, ...) are neither; ccache leaves them out of its own
// hit rate too (`hits / (hits + misses)`). A real capture of Debian 12's ccache 4.7.5 is in
// tests/data/ccache/.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "probe/command_runner.hpp"
#include "probe/environment.hpp"
#include "util/result.hpp"

namespace archfit::build {

struct CcacheCounters {
  std::uint64_t direct_hits = 0;        // direct_cache_hit
  std::uint64_t preprocessed_hits = 0;  // preprocessed_cache_hit
  std::uint64_t misses = 0;             // cache_miss
  std::uint64_t hits() const { return direct_hits + preprocessed_hits; }
};

// The counters of one `ccache --print-stats` output. An error names the line when a line is not
// `ID<TAB>number`, or when one of the three counters is missing (an older ccache, another format).
Result<CcacheCounters> parse_ccache_print_stats(std::string_view text);

// What one build added: after - before. An error when a counter went down (the statistics were
// zeroed while the build ran: the delta is unknown).
struct CcacheDelta {
  CcacheCounters counters;
  // hits / (hits + misses), nullopt when the build made no cacheable compile.
  std::optional<double> hit_rate() const;
};
Result<CcacheDelta> ccache_delta(const CcacheCounters& before, const CcacheCounters& after);

// The children's environment: `environment` with `variables` set over it.
probe::Environment child_environment(const probe::Environment& environment,
                                     const std::vector<std::pair<std::string, std::string>>& variables);

// Whether a build in `environment` compiles through ccache: one CMAKE_<LANG>_COMPILER_LAUNCHER
// (C, CXX, CUDA, HIP) names ccache (its first word, as a name or a path ending in /ccache) and ccache
// is on the environment's PATH.
bool ccache_launcher_set(const probe::Environment& environment);

// `ccache --print-stats` run in `environment` (so that CCACHE_DIR/CCACHE_CONFIGPATH are the build's),
// parsed.
Result<CcacheCounters> read_ccache_stats(const probe::CommandRunner& runner, const probe::Environment& environment);

}  // namespace archfit::build
