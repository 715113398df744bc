// ccache's statistics for `archfit build`'s hit rate: the `--print-stats` parser on a real capture of
// Debian 12's ccache 4.7.5 (tests/data/ccache/SOURCE.md), its oracle ccache's own
// `--show-stats` summary captured with it; malformed outputs; the delta; when a build uses ccache.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "srcbuild/ccache_stats.hpp"
#include "support/test_support.hpp"

namespace archfit::build {
namespace {

std::string capture(const std::string& name) {
  return test::read_text(std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/ccache/" + name);
}

// A number from ccache's human summary: the first number after `label` at the start of a line.
std::uint64_t summary_number(const std::string& text, const std::string& label) {
  std::smatch match;
  EXPECT_TRUE(std::regex_search(text, match, std::regex("(^|\\n) *" + label + ": +([0-9]+)"))) << label;
  return match.empty() ? ~0ull : std::stoull(match[2].str());
}

TEST(CcacheStats, ParsesTheRealPrintStatsOfCcache475LikeItsOwnSummary) {
  auto counters = parse_ccache_print_stats(capture("print-stats-4.7.5.txt"));
  ASSERT_TRUE(counters.ok()) << counters.error().message;
  auto summary = capture("show-stats-4.7.5.txt");
  EXPECT_EQ(counters->direct_hits, summary_number(summary, "Direct"));
  EXPECT_EQ(counters->preprocessed_hits, summary_number(summary, "Preprocessed"));
  EXPECT_EQ(counters->hits(), summary_number(summary, "Hits"));
  EXPECT_EQ(counters->misses, summary_number(summary, "Misses"));
  // ccache's own rate: "Hits: 2 / 4 (50.00%)".
  auto delta = ccache_delta(CcacheCounters{}, *counters);
  ASSERT_TRUE(delta.ok());
  ASSERT_TRUE(delta->hit_rate().has_value());
  std::smatch match;
  ASSERT_TRUE(std::regex_search(summary, match, std::regex("Hits: +[0-9]+ / +[0-9]+ \\(([0-9.]+)%\\)")));
  EXPECT_NEAR(100.0 * *delta->hit_rate(), std::stod(match[1].str()), 0.01);
}

TEST(CcacheStats, MalformedOrOlderOutputsAreErrorsNamingTheLine) {
  auto real = capture("print-stats-4.7.5.txt");
  auto bad_number = real;
  bad_number.replace(bad_number.find("cache_miss\t2"), 12, "cache_miss\tx2");
  auto error = parse_ccache_print_stats(bad_number);
  ASSERT_FALSE(error.ok());
  EXPECT_NE(error.error().message.find("line 4"), std::string::npos) << error.error().message;
  EXPECT_FALSE(parse_ccache_print_stats("cache_miss 2\n").ok());
  EXPECT_FALSE(parse_ccache_print_stats("cache_miss\t99999999999999999999999\n").ok());  // > 2^64
  EXPECT_FALSE(parse_ccache_print_stats("").ok());
  // The human table (--show-stats, and all that ccache before 3.7 prints) is not counters.
  auto human = parse_ccache_print_stats(capture("show-stats-4.7.5.txt"));
  EXPECT_FALSE(human.ok());
  // Without one of the three counters: an error, not zero hits.
  auto without = real;
  without.erase(without.find("preprocessed_cache_hit"), std::string("preprocessed_cache_hit\t1\n").size());
  auto missing = parse_ccache_print_stats(without);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("preprocessed_cache_hit"), std::string::npos);
}

TEST(CcacheStats, TheDeltaIsTheBuildsOwnAndZeroedStatisticsAreUnknown) {
  CcacheCounters before{10, 5, 20};
  CcacheCounters after{13, 5, 21};
  auto delta = ccache_delta(before, after);
  ASSERT_TRUE(delta.ok());
  EXPECT_EQ(delta->counters.hits(), 3u);
  EXPECT_EQ(delta->counters.misses, 1u);
  EXPECT_DOUBLE_EQ(*delta->hit_rate(), 0.75);
  EXPECT_FALSE(ccache_delta(before, before)->hit_rate().has_value());  // no cacheable compile
  EXPECT_FALSE(ccache_delta(after, before).ok());
}

TEST(CcacheStats, TheLauncherMustNameCcacheAndCcacheMustBeOnPath) {
  auto path = std::getenv("PATH") ? std::string(std::getenv("PATH")) : std::string("/usr/bin:/bin");
  ASSERT_FALSE(probe::find_program("ccache", probe::Environment(std::map<std::string, std::string>{{"PATH", path}})).empty())
      << "ccache is a build dependency (scripts/tools.tsv)";
  probe::Environment base(std::map<std::string, std::string>{{"PATH", path}});
  EXPECT_FALSE(ccache_launcher_set(base));
  EXPECT_TRUE(ccache_launcher_set(child_environment(base, {{"CMAKE_CXX_COMPILER_LAUNCHER", "ccache"}})));
  EXPECT_TRUE(ccache_launcher_set(child_environment(base, {{"CMAKE_HIP_COMPILER_LAUNCHER", "/usr/bin/ccache;--x"}})));
  EXPECT_FALSE(ccache_launcher_set(child_environment(base, {{"CMAKE_CXX_COMPILER_LAUNCHER", "sccache"}})));
  EXPECT_FALSE(ccache_launcher_set(child_environment(base, {{"CMAKE_CXX_LAUNCHER", "ccache"}})));
  // Set but not on PATH: a build would fail at CMake's compiler check; no hit rate either.
  probe::Environment empty_path(std::map<std::string, std::string>{{"PATH", "/nonexistent"}});
  EXPECT_FALSE(ccache_launcher_set(child_environment(empty_path, {{"CMAKE_CXX_COMPILER_LAUNCHER", "ccache"}})));
}

TEST(CcacheStats, ReadsTheRealCcacheOfAPrivateCacheDirectory) {
  auto dir = test::unique_temp_path("archfit-ccache-read");
  std::filesystem::create_directories(dir);
  auto environment = probe::Environment::current();
  environment.set("CCACHE_DIR", dir.string());
  probe::ProcessRunner runner;
  auto counters = read_ccache_stats(runner, environment);
  ASSERT_TRUE(counters.ok()) << counters.error().message;
  EXPECT_EQ(counters->hits() + counters->misses, 0u);  // a new cache
  environment.set("PATH", "/nonexistent");
  EXPECT_FALSE(read_ccache_stats(runner, environment).ok());
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace archfit::build
