// The streaming writer's output must be what a JSON parser (nlohmann) reads back.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "util/json_writer.hpp"

namespace archfit {
namespace {

void write_sample(JsonWriter& writer) {
  writer.begin_object();
  writer.member("name", "lib\"q\\uote\n\x01");
  writer.member("size", std::uint64_t{18446744073709551615u});
  writer.member("negative", -5);
  writer.member("flag", true);
  writer.null_member("nothing");
  writer.string_array("empty", {});
  writer.key("nested");
  writer.begin_array();
  writer.begin_object();
  writer.end_object();
  writer.value("\xff\xfe invalid utf-8, then valid: \xc3\xa9");
  writer.end_array();
  writer.end_object();
}

TEST(JsonWriter, CompactAndIndentedOutputParseToTheSameDocument) {
  JsonWriter compact;
  write_sample(compact);
  JsonWriter pretty(2);
  write_sample(pretty);
  auto a = nlohmann::json::parse(compact.text());
  auto b = nlohmann::json::parse(pretty.text());
  EXPECT_EQ(a, b);
  EXPECT_EQ(a["name"], "lib\"q\\uote\n\x01");
  EXPECT_EQ(a["size"].get<std::uint64_t>(), 18446744073709551615u);
  EXPECT_EQ(a["negative"], -5);
  EXPECT_TRUE(a["nothing"].is_null());
  EXPECT_TRUE(a["empty"].empty());
  EXPECT_EQ(a["nested"][1], "\xef\xbf\xbd\xef\xbf\xbd invalid utf-8, then valid: \xc3\xa9");
  EXPECT_EQ(compact.text().find('\n'), std::string::npos);
  EXPECT_NE(pretty.text().find("\n  \"size\": "), std::string::npos);
}

}  // namespace
}  // namespace archfit
