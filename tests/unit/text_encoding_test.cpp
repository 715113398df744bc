// util::TextDecoder (util/text_encoding.hpp) against glibc's iconv(3) as the encoder: real logs of
// tests/data/logs and pastes of tests/data/tool-outputs, encoded by iconv as a Windows tool writes
// them (UTF-16LE with a BOM: PowerShell 5.1's `>`; big-endian; no BOM), must decode to their bytes,
// whatever the chunk sizes they arrive in.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/test_support.hpp"
#include "util/text_encoding.hpp"

namespace archfit {
namespace {

namespace fs = std::filesystem;

std::string decode_in_chunks(const std::string& bytes, std::size_t chunk) {
  util::TextDecoder decoder;
  std::string out;
  for (std::size_t at = 0; at < bytes.size(); at += chunk) {
    out.append(decoder.feed(std::string_view(bytes).substr(at, chunk)));
  }
  out.append(decoder.finish());
  return out;
}

std::vector<fs::path> real_texts() {
  std::vector<fs::path> files;
  fs::path root = fs::path(ARCHFIT_SOURCE_DIR) / "tests" / "data";
  for (const char* dir : {"logs", "tool-outputs"}) {
    for (const auto& entry : fs::recursive_directory_iterator(root / dir)) {
      auto ext = entry.path().extension();
      if (entry.is_regular_file() && (ext == ".log" || ext == ".txt")) {
        files.push_back(entry.path());
      }
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(TextDecoder, RealLogsAndPastesEncodedByIconvDecodeToTheirBytes) {
  int checked = 0;
  int non_ascii = 0;
  auto files = real_texts();
  ASSERT_GT(files.size(), 1000u);
  for (std::size_t i = 0; i < files.size(); i += 7) {  // every seventh: ~200 files, each in five forms
    std::string text = test::read_text(files[i]);
    if (text.empty() || text.front() == '\0') {
      continue;
    }
    // "UTF-16" is glibc's UTF-16 with a BOM in the machine's order (FF FE here, as PowerShell writes).
    for (const char* encoding : {"UTF-16", "UTF-16LE", "UTF-16BE"}) {
      auto encoded = test::iconv_encode(text, encoding);
      if (!encoded) {
        break;  // not well-formed UTF-8: no UTF-16 form exists
      }
      if (std::string(encoding) == "UTF-16") {
        ASSERT_EQ(encoded->substr(0, 2), "\xff\xfe") << "this test assumes a little-endian host";
      }
      for (std::size_t chunk : {std::size_t{1}, std::size_t{3}, std::size_t{4096}, encoded->size()}) {
        ASSERT_EQ(decode_in_chunks(*encoded, chunk), text) << files[i] << " as " << encoding << ", chunks of " << chunk;
      }
      ++checked;
    }
    if (std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
      ++non_ascii;
    }
    // The UTF-8 text itself passes through unchanged, and so does it with a BOM, which goes.
    EXPECT_EQ(decode_in_chunks(text, 4096), text) << files[i];
    EXPECT_EQ(decode_in_chunks("\xef\xbb\xbf" + text, 2), text) << files[i];
  }
  EXPECT_GT(checked, 300);
  EXPECT_GT(non_ascii, 5);  // CJK, typographic quotes, emoji: surrogate pairs among them
  std::printf("TextDecoder: %d encodings of real texts decoded, %d texts with non-ASCII characters\n", checked,
              non_ascii);
}

TEST(TextDecoder, SurrogatePairsAndIllFormedUtf16) {
  // U+1F600 is D83D DE00 (RFC 2781 section 2.1); iconv writes the same.
  std::string emoji = "\xf0\x9f\x98\x80";
  auto encoded = test::iconv_encode("a" + emoji + "b\n", "UTF-16");
  ASSERT_TRUE(encoded);
  EXPECT_EQ(*encoded, std::string("\xff\xfe" "a\0\x3d\xd8\x00\xde" "b\0\n\0", 12));
  for (std::size_t chunk = 1; chunk <= encoded->size(); ++chunk) {
    EXPECT_EQ(decode_in_chunks(*encoded, chunk), "a" + emoji + "b\n") << chunk;
  }
  const std::string fffd = "\xef\xbf\xbd";
  // A lone low surrogate, a high surrogate followed by a letter, a high one at the end, an odd byte at the end.
  EXPECT_EQ(util::decode_text(std::string("\xff\xfe" "a\0\x00\xdc" "b\0", 8)), "a" + fffd + "b");
  EXPECT_EQ(util::decode_text(std::string("\xff\xfe" "a\0\x3d\xd8" "b\0", 8)), "a" + fffd + "b");
  EXPECT_EQ(util::decode_text(std::string("\xff\xfe" "a\0\x3d\xd8", 6)), "a" + fffd);
  EXPECT_EQ(util::decode_text(std::string("\xff\xfe" "a\0b", 5)), "a" + fffd);
  EXPECT_EQ(util::decode_text(std::string("\xfe\xff\0a\0b", 6)), "ab");
}

TEST(TextDecoder, ShortAndPlainInputsPassThrough) {
  EXPECT_EQ(util::decode_text(""), "");
  EXPECT_EQ(util::decode_text("a"), "a");
  EXPECT_EQ(util::decode_text("ab\n"), "ab\n");
  EXPECT_EQ(util::decode_text("\xef\xbb\xbf"), "");
  EXPECT_EQ(util::decode_text("\xff\xfe"), "");
  EXPECT_EQ(util::decode_text(std::string("a\0", 2)), std::string("a\0", 2));  // too short to tell: as is
  // A NUL inside UTF-8 text (a binary byte in a log) is not UTF-16's shape unless it is every second byte.
  EXPECT_EQ(util::decode_text(std::string("ab\0cd", 5)), std::string("ab\0cd", 5));
  EXPECT_EQ(util::decode_text(std::string("a\0b\0", 4)), "ab");  // BOM-less UTF-16LE
  EXPECT_EQ(util::decode_text(std::string("\0a\0b", 4)), "ab");  // BOM-less UTF-16BE
  // Without a BOM the first 512 bytes decide: ASCII's "x 00" pairs must outnumber "00 x" four to one.
  EXPECT_EQ(util::decode_text(std::string("\x67\x62\x4c\x88 \0p\0", 8)), "\xe6\x89\xa7\xe8\xa1\x8c p");  // 执行 p
  EXPECT_EQ(util::decode_text(std::string("a\0\0b", 4)), std::string("a\0\0b", 4));  // one of each: not UTF-16
  // A UTF-8 log with a short UTF-16 fragment early on (a Windows tool's output captured into it) stays UTF-8.
  std::string mixed = "Run wmic: " + std::string("G\0P\0U\0", 6) + "\n" + std::string(200, 'x') + "\n";
  EXPECT_EQ(util::decode_text(mixed), mixed);
  util::TextDecoder decoder;
  EXPECT_EQ(decoder.feed("ab"), "");  // held until 512 bytes (or a BOM, or the end) tell the encoding
  EXPECT_EQ(decoder.feed("cd"), "");
  EXPECT_EQ(decoder.encoding(), util::TextEncoding::undecided);
  EXPECT_EQ(decoder.feed(std::string(508, 'x')), "abcd" + std::string(508, 'x'));
  EXPECT_EQ(decoder.encoding(), util::TextEncoding::utf8);
  EXPECT_EQ(decoder.feed("ef"), "ef");
  EXPECT_EQ(decoder.finish(), "");
  util::TextDecoder marked;
  EXPECT_EQ(marked.feed("\xff\xfe" "a"), "");  // a BOM decides at once; the odd byte waits for its pair
  EXPECT_EQ(marked.encoding(), util::TextEncoding::utf16le);
  EXPECT_EQ(marked.feed(std::string("\0", 1)), "a");
}

}  // namespace
}  // namespace archfit
