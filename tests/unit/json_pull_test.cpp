// util/json_pull against nlohmann::json (a third-party parser) as the oracle: the same texts are
// well-formed or not, strings decode to the same bytes, integers to the same values. The only
// intended difference is the depth limit.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "util/json_pull.hpp"

namespace archfit {
namespace {

using nlohmann::json;

// Walks the whole text the way `fleet report` does (members read or skipped) and says whether it
// is one well-formed JSON value.
bool walk(std::string_view text) {
  JsonPull in(text);
  in.skip();
  return in.finish();
}

// Walks reading every value (objects and arrays through their callbacks, strings decoded).
bool walk_reading(JsonPull& in) {
  switch (in.peek()) {
    case JsonPull::Kind::object: in.object([&](std::string_view) { walk_reading(in); }); break;
    case JsonPull::Kind::array: in.array([&] { walk_reading(in); }); break;
    case JsonPull::Kind::string: (void)in.string(); break;
    case JsonPull::Kind::boolean: (void)in.boolean(); break;
    case JsonPull::Kind::number: (void)in.integer(); break;
    default: in.skip(); break;
  }
  return in.ok();
}

bool walk_read(std::string_view text) {
  JsonPull in(text);
  walk_reading(in);
  return in.finish();
}

const std::vector<std::string>& documents() {
  static const std::vector<std::string> texts = {
      "{}", "[]", "0", "-0", "1.5e+3", "-12.25E-2", "true", "false", "null", "\"\"", " {\"a\" : [1, 2, {\"b\":null}] } ",
      R"({"s":"\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"})", "\"caf\xc3\xa9\"", "[1,]", "{\"a\":1,}", "{,}", "[,1]", "01",
      "1.", ".5", "-", "1e", "1e+", "+1", "tru", "nul", "True", "\"a", "\"\\x\"", "\"\\u12\"", "\"\\ud83d\"",
      "\"\\ude00\"", "\"\\ud83d\\u0041\"", "\"a\tb\"", "\"\xc0\xaf\"", "\"\xed\xa0\x80\"", "\"\xff\"", "{\"a\" 1}",
      "{1:2}", "[1 2]", "{} {}", "[", "{", "", "   ", "\"a\"x", "[\"\\u0000\"]", "{\"a\":{\"b\":{\"c\":[[[]]]}}}",
      "1 ", "-9223372036854775808", "9223372036854775808", "\x01", "[nulls]", "{\"a\":tru}",
  };
  return texts;
}

TEST(JsonPull, AcceptsExactlyWhatNlohmannAccepts) {
  for (const auto& text : documents()) {
    EXPECT_EQ(walk(text), json::accept(text)) << text;
    EXPECT_EQ(walk_read(text), json::accept(text)) << text;
  }
}

TEST(JsonPull, EveryTruncationOfADocumentIsAnError) {
  json doc = {{"schema", "archfit.fleet-node/1"},
              {"node", "n1"},
              {"detect", {{"gpus", json::array({{{"target", "gfx942"}, {"visible", true}, {"vram", 1.5e10}}})}}},
              {"text", "caf\xc3\xa9 \xf0\x9f\x98\x80 \"quoted\" \\ \n"},
              {"numbers", {0, -1, 2.5, 123456789012}},
              {"nothing", nullptr}};
  for (const std::string& text : {doc.dump(), doc.dump(2), doc.dump(-1, ' ', true)}) {
    EXPECT_TRUE(walk(text));
    for (std::size_t cut = 0; cut < text.size(); ++cut) {
      std::string prefix = text.substr(0, cut);
      EXPECT_EQ(walk(prefix), json::accept(prefix)) << prefix;
      EXPECT_EQ(walk_read(prefix), json::accept(prefix)) << prefix;
    }
  }
}

TEST(JsonPull, StringsDecodeAsNlohmannDecodesThem) {
  for (std::string text : {R"("plain")", R"("\"\\\/\b\f\n\r\t")", R"("\u00e9\u20ac\ud83d\ude00\u0000x")",
                           "\"caf\xc3\xa9 \xf0\x9f\x98\x80\"", R"("a very long string that does not fit a short buffer")"}) {
    JsonPull in(text);
    auto decoded = in.string();
    ASSERT_TRUE(decoded) << text;
    EXPECT_TRUE(in.finish());
    EXPECT_EQ(*decoded, json::parse(text).get<std::string>()) << text;
  }
}

TEST(JsonPull, IntegersAsInt64OrAbsent) {
  for (std::string text : {"0", "-0", "42", "-42", "9223372036854775807", "-9223372036854775808"}) {
    JsonPull in(text);
    auto value = in.integer();
    ASSERT_TRUE(value) << text;
    EXPECT_EQ(*value, json::parse(text).get<std::int64_t>()) << text;
  }
  // Out of range, or not an integer: absent, and the text is still well-formed.
  for (std::string text : {"9223372036854775808", "-9223372036854775809", "1.0", "1e2", "\"7\"", "null"}) {
    JsonPull in(text);
    EXPECT_FALSE(in.integer()) << text;
    EXPECT_TRUE(in.finish()) << text;
  }
}

TEST(JsonPull, MembersOfTheWrongTypeCountAsAbsent) {
  JsonPull in(R"({"name": 7, "gpus": {"x": 1}, "ok": "yes", "list": [1, "two", null], "deep": {"a": {"b": "c"}}})");
  std::string name = "unset", nested;
  bool gpus_is_array = true;
  std::optional<bool> flag;
  std::vector<std::string> strings;
  in.object([&](std::string_view key) {
    if (key == "name") name = in.text();
    if (key == "gpus") gpus_is_array = in.array([] {});
    if (key == "ok") flag = in.boolean();
    if (key == "list") in.array([&] { if (auto s = in.string()) strings.push_back(*s); });
    // "deep" is left to the reader, which skips it.
  });
  EXPECT_TRUE(in.finish()) << in.error();
  EXPECT_EQ(name, "");
  EXPECT_FALSE(gpus_is_array);
  EXPECT_FALSE(flag);
  EXPECT_EQ(strings, std::vector<std::string>{"two"});
}

TEST(JsonPull, ErrorsNameTheProblemAndTheOffset) {
  JsonPull truncated(R"({"a": [1, 2)");
  truncated.skip();
  EXPECT_FALSE(truncated.finish());
  EXPECT_EQ(truncated.error(), "unexpected end of the text at offset 11 (',' or ']' expected in an array)");
  JsonPull bad(R"({"a": tru})");
  bad.skip();
  EXPECT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "a value expected at offset 6");
}

TEST(JsonPull, NestingIsLimited) {
  // nlohmann accepts any depth; the reader stops at its limit instead of recursing without end.
  std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_TRUE(json::accept(deep));
  JsonPull in(deep);
  in.skip();
  EXPECT_FALSE(in.finish());
  EXPECT_NE(in.error().find("nested more than 256 levels deep"), std::string::npos) << in.error();
  std::string fine = std::string(256, '[') + std::string(256, ']');
  EXPECT_TRUE(walk(fine));
  EXPECT_TRUE(walk_read(fine));
}

}  // namespace
}  // namespace archfit
