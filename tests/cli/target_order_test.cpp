// model::target_less: targets in the order people read them (docs/cli.md, "One grammar"). Kept with the
// prompt tests (archfit_cli_tests) rather than archfit_unit_tests: it is the prompt list's item.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "model/target_order.hpp"

namespace archfit::model {
namespace {

std::vector<std::string> sorted(std::vector<std::string> items) {
  std::sort(items.begin(), items.end(), [](const std::string& a, const std::string& b) { return target_less(a, b); });
  return items;
}

TEST(TargetOrder, NumbersCompareAsNumbers) {
  EXPECT_EQ(sorted({"sm_100", "sm_90", "sm_80", "sm_90a", "sm_120"}),
            (std::vector<std::string>{"sm_80", "sm_90", "sm_90a", "sm_100", "sm_120"}));
  EXPECT_EQ(sorted({"gfx1030", "gfx803", "gfx942", "gfx90a", "gfx908", "gfx1100"}),
            (std::vector<std::string>{"gfx803", "gfx908", "gfx90a", "gfx942", "gfx1030", "gfx1100"}));
  // gfx_target_version (KFD topology) of each, the kernel's own order: 80003 < 90008 < 90010 < 90402.
  EXPECT_EQ(sorted({"gfx90c", "gfx90a:xnack+", "gfx90a", "gfx906", "gfx10-3-generic"}),
            (std::vector<std::string>{"gfx906", "gfx90a", "gfx90a:xnack+", "gfx90c", "gfx10-3-generic"}));
  EXPECT_EQ(sorted({"12.0", "9.0", "8.6", "10.0"}), (std::vector<std::string>{"8.6", "9.0", "10.0", "12.0"}));
}

TEST(TargetOrder, IsAStrictWeakOrder) {
  EXPECT_FALSE(target_less("gfx942", "gfx942"));
  EXPECT_TRUE(target_less("sm_90", "sm_90a"));
  EXPECT_FALSE(target_less("sm_90a", "sm_90"));
  EXPECT_NE(target_less("gfx0803", "gfx803"), target_less("gfx803", "gfx0803"));  // only equal strings tie
}

}  // namespace
}  // namespace archfit::model
