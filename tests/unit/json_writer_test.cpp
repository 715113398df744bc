// The streaming writer's output must be what a JSON parser (nlohmann) reads back.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

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

// The writer's fast paths (strings and keys that need no escaping in one append, integers through
// to_chars) against nlohmann's serialiser, byte for byte: the same members, in order, as its
// compact dump of the same document. Strings need escaping at their start, middle or end, or not
// at all; the keys too.
TEST(JsonWriter, CompactTextIsByteForByteWhatNlohmannWrites) {
  std::string printable;
  for (char c = 0x20; c < 0x7f; ++c) {
    printable += c;
  }
  const std::vector<std::string> texts = {"",         "plain", "sm_90a", "\"quote at the start", "end\\",
                                          "mid\ndle", "tab\tx", "\x01", printable, std::string(300, 'x')};
  JsonWriter writer;
  nlohmann::ordered_json expected = nlohmann::ordered_json::object();
  writer.begin_object();
  for (std::size_t i = 0; i < texts.size(); ++i) {
    std::string key = texts[i] + "#" + std::to_string(i);  // keys are unique, some need escaping
    writer.member(key, texts[i]);
    expected[key] = texts[i];
  }
  const std::vector<std::int64_t> signed_numbers = {0, -1, 7, INT64_MIN, INT64_MAX};
  const std::vector<std::uint64_t> unsigned_numbers = {0, 10, 4294967296u, UINT64_MAX};
  for (std::size_t i = 0; i < signed_numbers.size(); ++i) {
    writer.member("s" + std::to_string(i), signed_numbers[i]);
    expected["s" + std::to_string(i)] = signed_numbers[i];
  }
  for (std::size_t i = 0; i < unsigned_numbers.size(); ++i) {
    writer.member("u" + std::to_string(i), unsigned_numbers[i]);
    expected["u" + std::to_string(i)] = unsigned_numbers[i];
  }
  writer.end_object();
  EXPECT_EQ(writer.text(), expected.dump());
}


// The fast test of "nothing here needs escaping" looks at 8 bytes at a time: every byte value, at
// every position of texts 1 to 20 bytes long (a whole word, a tail, both), must be written raw only
// when it is printable ASCII other than quote and backslash, else through the escaping path.
TEST(JsonWriter, EveryByteAtEveryPositionIsEscapedExactlyWhenItMustBe) {
  for (int byte = 0; byte < 256; ++byte) {
    bool printable = byte >= 0x20 && byte < 0x7f && byte != '"' && byte != '\\';
    for (std::size_t length = 1; length <= 20; ++length) {
      for (std::size_t at = 0; at < length; ++at) {
        std::string text(length, 'x');
        text[at] = static_cast<char>(byte);
        JsonWriter writer;
        writer.value(text);
        std::string written(writer.text());
        if (printable) {
          ASSERT_EQ(written, "\"" + text + "\"") << "byte " << byte << " at " << at << " of " << length;
        } else {
          // Through the escaping path: the text reads back (a lone byte from 0x80 up is not UTF-8
          // and becomes U+FFFD), and is not what a raw copy would be.
          std::string back = text;
          if (byte >= 0x80) {
            back.replace(at, 1, "\xef\xbf\xbd");
          }
          auto parsed = nlohmann::json::parse(written, nullptr, false);
          ASSERT_FALSE(parsed.is_discarded()) << "byte " << byte << " at " << at << " of " << length << ": " << written;
          ASSERT_EQ(parsed.get<std::string>(), back) << "byte " << byte << " at " << at << " of " << length;
          ASSERT_NE(written, "\"" + text + "\"");
        }
      }
    }
  }
}

// Drained a piece at a time, the pieces make the same text as the writer written whole.
TEST(JsonWriter, DrainedPiecesMakeTheSameText) {
  JsonWriter whole(2);
  write_sample(whole);
  JsonWriter pieces(2);
  std::string joined;
  auto sink = [&joined](std::string_view piece) { joined.append(piece); };
  pieces.begin_object();
  pieces.member("name", "lib\"q\\uote\n\x01");
  pieces.drain(sink);
  pieces.member("size", std::uint64_t{18446744073709551615u});
  pieces.member("negative", -5);
  pieces.drain(sink);
  pieces.member("flag", true);
  pieces.null_member("nothing");
  pieces.string_array("empty", {});
  pieces.key("nested");
  pieces.drain(sink);
  pieces.begin_array();
  pieces.begin_object();
  pieces.end_object();
  pieces.value("\xff\xfe invalid utf-8, then valid: \xc3\xa9");
  pieces.end_array();
  pieces.end_object();
  pieces.drain(sink);
  EXPECT_EQ(joined, whole.text());
  EXPECT_TRUE(pieces.text().empty());
}

}  // namespace
}  // namespace archfit

namespace archfit {
namespace {

// Keys written as string literals take a path of their own (copied without the escape test):
// compact and indented, at the start of an object, after other members, nested, through every
// member helper, they must give the bytes the std::string_view path gives for the same names.
template <class Key>
void write_with_keys(JsonWriter& writer, Key key) {
  writer.begin_object();
  writer.member(key("a"), 1);
  writer.member(key("entry_id"), "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-");
  writer.member(key("escaped"), std::string("a\"b\\c\n"));  // a text that needs escaping
  writer.member(key("negative"), -42);
  writer.member(key("large"), std::uint64_t{18446744073709551615u});
  writer.member(key("flag"), true);
  writer.null_member(key("nothing"));
  writer.string_array(key("twelve_bytes"), {"x", "y"});
  writer.key(key("nested"));
  writer.begin_object();
  writer.member(key("exactly_8"), false);
  writer.end_object();
  writer.end_object();
}

TEST(JsonWriter, LiteralKeysWriteWhatTheSameNamesAsStringViewsWrite) {
  for (int indent : {0, 2, 4}) {
    JsonWriter literal(indent);
    write_with_keys(literal, [](const auto& name) -> const auto& { return name; });
    JsonWriter view(indent);
    write_with_keys(view, [](const auto& name) { return std::string_view(name); });
    EXPECT_EQ(literal.text(), view.text()) << "indent " << indent;
    auto parsed = nlohmann::json::parse(literal.text());
    EXPECT_EQ(parsed["nested"]["exactly_8"], false);
    EXPECT_EQ(parsed["escaped"], "a\"b\\c\n");
    EXPECT_EQ(parsed["negative"], -42);
    EXPECT_EQ(parsed["large"].get<std::uint64_t>(), 18446744073709551615u);
  }
}

}  // namespace
}  // namespace archfit

namespace archfit {
namespace {

// reserve() before, between and after members (smaller, larger, equal to what is there) keeps the
// text and the nesting.
TEST(JsonWriter, ReserveKeepsTheTextWrittenSoFar) {
  JsonWriter plain;
  JsonWriter reserved;
  reserved.reserve(3);
  for (JsonWriter* writer : {&plain, &reserved}) {
    writer->begin_object();
    writer->member("a", std::string(5000, 'x'));
    if (writer == &reserved) {
      reserved.reserve(1);
      reserved.reserve(reserved.text().size());
      reserved.reserve(100000);
    }
    writer->member("b", 2);
    writer->end_object();
  }
  EXPECT_EQ(reserved.text(), plain.text());
  EXPECT_EQ(nlohmann::json::parse(reserved.text())["b"], 2);
}

}  // namespace
}  // namespace archfit
