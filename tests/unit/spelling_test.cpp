#include <gtest/gtest.h>

#include "util/spelling.hpp"

namespace archfit {
namespace {

TEST(Spelling, EditDistanceCountsInsertionsDeletionsAndSubstitutions) {
  EXPECT_EQ(edit_distance("scan", "scan"), 0u);
  EXPECT_EQ(edit_distance("scna", "scan"), 2u);
  EXPECT_EQ(edit_distance("sca", "scan"), 1u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
}

TEST(Spelling, SuggestsTheClosestCommandOnlyWhenItLooksLikeATypo) {
  std::string_view commands[] = {"scan", "check", "detect"};
  EXPECT_EQ(closest_match("scna", commands).value_or(""), "scan");
  EXPECT_EQ(closest_match("detec", commands).value_or(""), "detect");
  EXPECT_FALSE(closest_match("completely-different", commands).has_value());
}

}  // namespace
}  // namespace archfit
