// What archfit prints is always valid JSON (--json) and never drives the terminal (text), whatever
// bytes the names it prints carry (issue 14.6, 14.7). The oracles are independent of archfit:
// nlohmann-json and Python's json module must parse every document, Python's
// bytes.decode("utf-8", "replace") (Unicode's "maximal subpart" practice, Unicode §3.9 Table 3-8)
// says what each string must read back as, and the hostile names are made here at test time.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "support/test_support.hpp"
#include "util/json_writer.hpp"
#include "util/terminal_text.hpp"

namespace archfit {
namespace {

namespace fs = std::filesystem;

// Ill-formed UTF-8 of every kind the campaign found, plus well-formed edges.
std::vector<std::string> hostile_strings() {
  std::vector<std::string> strings = {
      "\xc0\xaf",                  // overlong '/'
      "\xe0\x80\xaf",              // overlong, 3 bytes
      "\xf0\x80\x80\xaf",          // overlong, 4 bytes
      "\xed\xa0\x80",              // surrogate U+D800
      "\xed\xbf\xbf",              // surrogate U+DFFF
      "\xf4\x90\x80\x80",          // U+110000
      "\xf5\x80\x80\x80",          // lead byte above F4
      "\xf8\x88\x80\x80\x80",      // 5-byte form
      "\x80\x9b\x9d",              // stray continuation bytes (8-bit CSI and OSC values)
      "\xc2\x9b" "31m",            // U+009B, the C1 CSI, well-formed
      "\xc2\x85",                  // U+0085 NEL
      "\xe2\x82",                  // truncated at the end
      "a\xf1\x80\x80\xe1\x80\xc2" "b\x80" "c\x80\xbf" "d",  // Unicode Table 3-8's example
      "\xff\xfe",
      "\x1b]0;pwned\x07\x1b[2J\r\n\x7f\x01",
      "\xf4\x8f\xbf\xbf",          // U+10FFFF: well-formed
      "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80",
  };
  std::mt19937 random(14);
  for (int i = 0; i < 3000; ++i) {
    std::string text;
    std::size_t length = random() % 12;
    for (std::size_t k = 0; k < length; ++k) {
      // Mostly bytes >= 0x80, where UTF-8 goes wrong, some ASCII and controls.
      unsigned value = random() % 4 == 0 ? random() % 0x80 : 0x80 + random() % 0x80;
      text += static_cast<char>(value);
    }
    strings.push_back(std::move(text));
  }
  return strings;
}

std::string hex(std::string_view bytes) {
  std::string out;
  for (unsigned char c : bytes) {
    out += fmt::format("{:02x}", c);
  }
  return out;
}

// Runs python3 on `script` with `input` as its one argument file; returns stdout.
std::string python(const std::string& script, const std::string& input) {
  fs::path file = test::unique_temp_path("hostile-output-input");
  std::ofstream(file, std::ios::binary) << input;
  auto result = test::run_command({"python3", "-c", script, file.string()});
  fs::remove(file);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return result.out;
}

TEST(HostileOutput, JsonWriterOutputParsesAndReadsBackAsUnicodeReplacementSays) {
  auto strings = hostile_strings();
  JsonWriter writer;
  writer.begin_array();
  std::string hex_lines;
  for (const auto& text : strings) {
    writer.value(text);
    hex_lines += hex(text) + "\n";
  }
  writer.end_array();
  // nlohmann rejects ill-formed UTF-8 (overlong, surrogates, > U+10FFFF) in strings.
  auto parsed = nlohmann::json::parse(writer.text(), nullptr, false);
  ASSERT_FALSE(parsed.is_discarded());
  ASSERT_EQ(parsed.size(), strings.size());
  // Python: the document decodes as strict UTF-8 and parses; and each string is what
  // decode("utf-8", "replace") makes of its bytes.
  std::string checked = python(
      "import json, sys; json.loads(open(sys.argv[1], 'rb').read().decode('utf-8', 'strict')); print('ok')",
      std::string(writer.text()));
  EXPECT_EQ(checked, "ok\n");
  auto expected = nlohmann::json::parse(python(
      "import json, sys\n"
      "lines = open(sys.argv[1]).read().split('\\n')[:-1]\n"
      "print(json.dumps([bytes.fromhex(l).decode('utf-8', 'replace') for l in lines]))\n",
      hex_lines));
  for (std::size_t i = 0; i < strings.size(); ++i) {
    EXPECT_EQ(parsed[i], expected[i]) << "bytes " << hex(strings[i]);
  }
  // C1 controls are escaped, never raw in the document.
  EXPECT_EQ(writer.text().find("\xc2\x9b"), std::string::npos);
  EXPECT_NE(writer.text().find("\\u009b"), std::string::npos);
}

TEST(HostileOutput, TerminalSafeTextHasNoControlsAndIsWellFormed) {
  EXPECT_EQ(terminal_safe("lib\x1b]0;pwned\x07.so"), "lib.so");
  EXPECT_EQ(terminal_safe("lib\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\.so"), "liblink.so");
  EXPECT_EQ(terminal_safe("a\x1b[2J\x1b[1;1Hb"), "ab");
  EXPECT_EQ(terminal_safe("line1\nline2\rline3\tend"), "line1 line2 line3 end");
  EXPECT_EQ(terminal_safe("\xc2\x9b" "31mred"), "\xef\xbf\xbd" "31mred");
  EXPECT_EQ(terminal_safe("bell\x07"), "bell\xef\xbf\xbd");
  EXPECT_EQ(terminal_safe("caf\xc3\xa9 \xe2\x82\xac"), "caf\xc3\xa9 \xe2\x82\xac");
  EXPECT_EQ(terminal_safe_lines("a\x1b[31m\nb\x07"), "a\nb\xef\xbf\xbd");
  // Every hostile string: no C0, DEL or C1 control survives, and the result is strict UTF-8.
  std::string lines;
  for (const auto& text : hostile_strings()) {
    std::string safe = terminal_safe(text);
    for (std::size_t i = 0; i < safe.size(); ++i) {
      auto c = static_cast<unsigned char>(safe[i]);
      EXPECT_FALSE(c < 0x20 || c == 0x7f) << hex(text);
      EXPECT_FALSE(c == 0xc2 && i + 1 < safe.size() && static_cast<unsigned char>(safe[i + 1]) < 0xa0) << hex(text);
    }
    lines += safe + "\n";
  }
  EXPECT_EQ(python("import sys; open(sys.argv[1], 'rb').read().decode('utf-8', 'strict'); print('ok')", lines),
            "ok\n");
}

// A hand-made offload bundle (OffloadBundler.cpp's layout: "__CLANG_OFFLOAD_BUNDLE__", u64 entry
// count, then per entry u64 offset, u64 size, u64 ID length, ID) with one hostile entry ID.
std::string bundle_with_id(const std::string& id) {
  auto u64 = [](std::uint64_t value) {
    std::string bytes(8, '\0');
    for (int i = 0; i < 8; ++i) {
      bytes[static_cast<std::size_t>(i)] = static_cast<char>((value >> (8 * i)) & 0xff);
    }
    return bytes;
  };
  std::string header = "__CLANG_OFFLOAD_BUNDLE__" + u64(1);
  std::size_t data_offset = header.size() + 24 + id.size();
  std::string payload = "\x7f" "ELF-not-really";
  return header + u64(data_offset) + u64(payload.size()) + u64(id.size()) + id + payload;
}

bool has_terminal_controls(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\n') || c == 0x7f || (c == 0xc2 && i + 1 < text.size() &&
                                                  static_cast<unsigned char>(text[i + 1]) < 0xa0)) {
      return true;
    }
  }
  return false;
}

class HostileFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    m_dir = test::unique_temp_path("hostile-output");
    fs::remove_all(m_dir);
    fs::create_directories(m_dir);
  }
  void TearDown() override { fs::remove_all(m_dir); }
  fs::path m_dir;
};

// 14.6 + 14.7 end to end: a file name with ESC/OSC, a newline and ill-formed UTF-8, holding a
// bundle whose entry ID carries the same: `scan` text has no control byte and one line per
// fact; `scan --json` parses in nlohmann and Python.
TEST_F(HostileFiles, ScanOfHostileNamesAndEntryIds) {
  std::string evil = "\x1b]0;pwned\x07\x1b[2J\nfake line\xc0\xaf\xed\xa0\x80\xc2\x9b";
  fs::path file = m_dir / ("lib" + evil + ".hipfb");
  std::ofstream(file, std::ios::binary) << bundle_with_id("hipv4-amdgcn-amd-amdhsa--gfx90a" + evil);
  fs::path junk = m_dir / ("junk" + evil + ".so");
  std::ofstream(junk, std::ios::binary) << "not a binary";

  auto plain = test::run_command({test::archfit_binary(), "scan", "--color=never", file.string(), junk.string()});
  EXPECT_FALSE(has_terminal_controls(plain.out + plain.err)) << plain.out << plain.err;
  EXPECT_EQ(plain.out.find('\x1b'), std::string::npos);
  EXPECT_EQ(plain.err.find('\x1b'), std::string::npos);
  EXPECT_EQ(plain.out.find("\nfake line"), std::string::npos) << plain.out;
  EXPECT_EQ(plain.err.find("\nfake line"), std::string::npos) << plain.err;
  EXPECT_NE(plain.err.find("archfit: error:"), std::string::npos) << plain.err;

  auto json = test::run_command({test::archfit_binary(), "scan", "--json", file.string(), junk.string()});
  auto parsed = nlohmann::json::parse(json.out, nullptr, false);
  ASSERT_FALSE(parsed.is_discarded()) << json.out;
  EXPECT_EQ(python("import json, sys; json.loads(open(sys.argv[1], 'rb').read().decode('utf-8')); print('ok')",
                   json.out),
            "ok\n");
}

// rocminfo's Marketing Name and Name carry the same hostile bytes.
TEST_F(HostileFiles, DetectFromHostileRocminfo) {
  std::string captured = test::read_text(fs::path(ARCHFIT_SOURCE_DIR) / "tests/data/tool-outputs/rocminfo/gfx1031-rx6700xt.txt");
  std::string marketing = "AMD Radeon RX 6700 XT";
  auto at = captured.find(marketing);
  ASSERT_NE(at, std::string::npos);
  captured.replace(at, marketing.size(), "AMD \x1b]0;pwned\x07Radeon\x1b[2J \xc0\xaf\xf4\x90\x80\x80\xc2\x85");
  fs::path file = m_dir / "rocminfo.txt";
  std::ofstream(file, std::ios::binary) << captured;

  auto text = test::run_command({test::archfit_binary(), "detect", "--color=never", "--from-rocminfo", file.string()});
  EXPECT_EQ(text.out.find('\x1b'), std::string::npos) << text.out;
  EXPECT_FALSE(has_terminal_controls(text.out)) << text.out;
  EXPECT_NE(text.out.find("Radeon"), std::string::npos) << text.out;
  auto json = test::run_command({test::archfit_binary(), "detect", "--json", "--from-rocminfo", file.string()});
  auto parsed = nlohmann::json::parse(json.out, nullptr, false);
  ASSERT_FALSE(parsed.is_discarded()) << json.out;
  EXPECT_EQ(python("import json, sys; json.loads(open(sys.argv[1], 'rb').read().decode('utf-8')); print('ok')",
                   json.out),
            "ok\n");
}

// check's matrix and error lines name binaries by their file names.
TEST_F(HostileFiles, CheckOfHostileBinaryNames) {
  fs::path file = m_dir / "libk\x1b]0;pwned\x07\nfake\xed\xa0\x80.so";
  std::ofstream(file, std::ios::binary) << bundle_with_id("hipv4-amdgcn-amd-amdhsa--gfx90a\x1b[2J\n");
  auto text = test::run_command({test::archfit_binary(), "check", "--color=never", "--target", "gfx90a", file.string()});
  EXPECT_FALSE(has_terminal_controls(text.out + text.err)) << text.out << text.err;
  EXPECT_EQ((text.out + text.err).find("\nfake"), std::string::npos) << text.out << text.err;
  auto json = test::run_command({test::archfit_binary(), "check", "--json", "--target", "gfx90a", file.string()});
  auto parsed = nlohmann::json::parse(json.out, nullptr, false);
  ASSERT_FALSE(parsed.is_discarded()) << json.out;
}

}  // namespace
}  // namespace archfit
