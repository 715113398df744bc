// ccache's counters before and after a build (see ccache_stats.hpp for the format and its source).
#include "srcbuild/ccache_stats.hpp"

#include <charconv>
#include <chrono>

#include "util/text_lines.hpp"

namespace archfit::build {

namespace {

constexpr std::string_view k_launchers[] = {"CMAKE_C_COMPILER_LAUNCHER", "CMAKE_CXX_COMPILER_LAUNCHER",
                                            "CMAKE_CUDA_COMPILER_LAUNCHER", "CMAKE_HIP_COMPILER_LAUNCHER"};

bool names_ccache(std::string_view value) {
  // CMake reads the variable as a list (`ccache;--opt`); a shell-like `ccache --opt` is seen too.
  auto end = value.find_first_of(" ;\t");
  std::string_view first = value.substr(0, end);
  auto slash = first.rfind('/');
  return (slash == std::string_view::npos ? first : first.substr(slash + 1)) == "ccache";
}

}  // namespace

Result<CcacheCounters> parse_ccache_print_stats(std::string_view text) {
  CcacheCounters counters;
  bool direct = false, preprocessed = false, miss = false;
  std::size_t number = 0;
  for (std::string_view line : split_lines(text)) {
    ++number;
    if (line.empty()) {
      continue;
    }
    auto tab = line.find('\t');
    std::string_view id = line.substr(0, tab == std::string_view::npos ? 0 : tab);
    std::string_view digits = tab == std::string_view::npos ? std::string_view{} : line.substr(tab + 1);
    std::uint64_t value = 0;
    auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (id.empty() || digits.empty() || error != std::errc{} || end != digits.data() + digits.size()) {
      return Error{"ccache --print-stats: line " + std::to_string(number) + " is not 'ID<TAB>number': '" +
                   std::string(line.substr(0, 80)) + "'"};
    }
    if (id == "direct_cache_hit") {
      counters.direct_hits = value;
      direct = true;
    } else if (id == "preprocessed_cache_hit") {
      counters.preprocessed_hits = value;
      preprocessed = true;
    } else if (id == "cache_miss") {
      counters.misses = value;
      miss = true;
    }
  }
  if (!direct || !preprocessed || !miss) {
    return Error{std::string("ccache --print-stats: no ") +
                 (!direct ? "direct_cache_hit" : !preprocessed ? "preprocessed_cache_hit" : "cache_miss") +
                 " counter (ccache before 3.7, or another format)"};
  }
  return counters;
}

std::optional<double> CcacheDelta::hit_rate() const {
  auto calls = counters.hits() + counters.misses;
  if (calls == 0) {
    return std::nullopt;
  }
  return static_cast<double>(counters.hits()) / static_cast<double>(calls);
}

Result<CcacheDelta> ccache_delta(const CcacheCounters& before, const CcacheCounters& after) {
  if (after.direct_hits < before.direct_hits || after.preprocessed_hits < before.preprocessed_hits ||
      after.misses < before.misses) {
    return Error{"ccache's statistics went down during the build (zeroed by someone else): the build's hit rate is unknown"};
  }
  CcacheDelta delta;
  delta.counters.direct_hits = after.direct_hits - before.direct_hits;
  delta.counters.preprocessed_hits = after.preprocessed_hits - before.preprocessed_hits;
  delta.counters.misses = after.misses - before.misses;
  return delta;
}

probe::Environment child_environment(const probe::Environment& environment,
                                     const std::vector<std::pair<std::string, std::string>>& variables) {
  probe::Environment result = environment;
  for (const auto& [name, value] : variables) {
    result.set(name, value);
  }
  return result;
}

bool ccache_launcher_set(const probe::Environment& environment) {
  bool launcher = false;
  for (auto name : k_launchers) {
    auto value = environment.get(name);
    launcher = launcher || (value && names_ccache(*value));
  }
  return launcher && !probe::find_program("ccache", environment).empty();
}

Result<CcacheCounters> read_ccache_stats(const probe::CommandRunner& runner, const probe::Environment& environment) {
  auto result = runner.run({"ccache", "--print-stats"}, environment, std::chrono::seconds(30));
  if (!result.succeeded()) {
    std::string why = !result.started ? result.start_error
                      : result.timed_out ? "timed out after 30 s"
                      : result.signal != 0 ? "killed by signal " + std::to_string(result.signal)
                                           : "exit " + std::to_string(result.exit_code);
    std::string err = result.err.substr(0, result.err.find('\n'));
    return Error{"ccache --print-stats: " + why + (err.empty() ? "" : ": " + err)};
  }
  return parse_ccache_print_stats(result.out);
}

}  // namespace archfit::build
