// The name tables of the enums archfit spells at its edges (util/enum_names.hpp): every value has
// one name, every name reads back as its value, and a word no table names is nothing (or the
// documented fallback), never a neighbouring value. The words are those docs/json.md documents.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "binfmt/cuda_fatbin.hpp"
#include "detect/detect_report.hpp"
#include "fleet/node_report.hpp"
#include "model/status.hpp"
#include "model/target_id.hpp"
#include "model/vendor.hpp"
#include "util/enum_names.hpp"

namespace archfit {
namespace {

// Each value of a table named once, each name once.
template <typename Enum, std::size_t N>
void expect_one_to_one(const EnumNames<Enum, N>& table) {
  std::set<Enum> values;
  std::set<std::string_view> names;
  for (const auto& [value, name] : table) {
    EXPECT_TRUE(values.insert(value).second) << name;
    EXPECT_TRUE(names.insert(name).second) << name;
    EXPECT_EQ(enum_from_name(table, name), value) << name;
    EXPECT_EQ(enum_name(table, value), name);
  }
}

TEST(EnumNames, LookupsBothWaysAndTheFallback) {
  enum class Color { red, blue, green };
  constexpr EnumNames<Color, 2> names = {{{Color::red, "red"}, {Color::blue, "blue"}}};
  static_assert(enum_name(names, Color::blue) == "blue");
  static_assert(enum_from_name(names, "red") == Color::red);
  EXPECT_EQ(enum_name(names, Color::green), "unknown");
  EXPECT_EQ(enum_name(names, Color::green, "none"), "none");
  EXPECT_EQ(enum_from_name(names, "green"), std::nullopt);
  EXPECT_EQ(enum_from_name(names, "Red"), std::nullopt);  // case-sensitive, as JSON is
  EXPECT_EQ(enum_from_name(names, ""), std::nullopt);
}

// Status and Vendor, the two model enums with tables, round-trip in ModelStatus.* and ModelVendor.*.

TEST(EnumNames, FeatureSettingRoundTripsInBothSpellings) {
  using model::FeatureSetting;
  for (auto setting : {FeatureSetting::unsupported, FeatureSetting::any, FeatureSetting::off, FeatureSetting::on}) {
    EXPECT_EQ(model::feature_setting_from_name(model::feature_setting_name(setting)), setting);
    EXPECT_EQ(model::feature_setting_from_name(model::device_mode_name(setting)), setting);
  }
  EXPECT_EQ(model::feature_setting_name(FeatureSetting::any), "any");
  EXPECT_EQ(model::device_mode_name(FeatureSetting::any), "unknown");
  EXPECT_EQ(model::feature_setting_from_name("+"), std::nullopt);
}

TEST(EnumNames, SeverityNodeStatusAndFatbinCompressionTablesAreOneToOne) {
  expect_one_to_one(detect::k_severity_names);
  expect_one_to_one(fleet::k_node_status_names);
  expect_one_to_one(binfmt::k_fatbin_compression_names);
  for (auto severity : {detect::Severity::error, detect::Severity::warning, detect::Severity::info}) {
    EXPECT_EQ(enum_from_name(detect::k_severity_names, detect::severity_name(severity)), severity);
  }
  for (auto status : {fleet::NodeStatus::ok, fleet::NodeStatus::failed, fleet::NodeStatus::rejected}) {
    EXPECT_EQ(enum_from_name(fleet::k_node_status_names, fleet::node_status_name(status)), status);
  }
  for (auto compression : {binfmt::FatbinCompression::none, binfmt::FatbinCompression::lz4,
                           binfmt::FatbinCompression::zstd, binfmt::FatbinCompression::unknown}) {
    EXPECT_EQ(enum_from_name(binfmt::k_fatbin_compression_names, binfmt::fatbin_compression_name(compression)),
              compression);
  }
  static_assert(detect::severity_name(detect::Severity::warning) == "warning");
  static_assert(fleet::node_status_name(fleet::NodeStatus::failed) == "failed");
  EXPECT_EQ(binfmt::fatbin_compression_name(binfmt::FatbinCompression::none), "");  // stored plain: no name
  EXPECT_EQ(binfmt::fatbin_compression_name(binfmt::FatbinCompression::zstd), "zstd");
}

}  // namespace
}  // namespace archfit
