// What archfit prints and cites must point to sources a user can open: an upstream repository at a tag
// or commit, or an official URL. This fails when the shipped binary, src/, data/ or docs/ name a path
// on a developer's machine (/work/…, /root/…, /home/…), the project's private reference notes
// ("shared/reference") or the internal code look-up service by its name.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

// The forbidden phrases, each with the offset of its first hit in `text`.
std::vector<std::string> leaks(const std::string& text) {
  std::vector<std::string> found;
  std::string lower(text.size(), '\0');
  std::transform(text.begin(), text.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  // Split so that this file's own text does not hold the phrase it looks for.
  for (std::string phrase : {std::string("code") + " index", std::string("shared/") + "reference"}) {
    if (auto at = lower.find(phrase); at != std::string::npos) {
      found.push_back("'" + phrase + "' at offset " + std::to_string(at));
    }
  }
  // An absolute path: "/work/", "/root/", "/home/" at the start or after a character that cannot be part of
  // a longer path component ("walk_hip_fatbin/work/a19c" is a benchmark's name, not a path).
  for (std::string dir : {"/wo" + std::string("rk/"), "/ro" + std::string("ot/"), "/ho" + std::string("me/")}) {
    for (auto at = text.find(dir); at != std::string::npos; at = text.find(dir, at + 1)) {
      char before = at == 0 ? ' ' : text[at - 1];
      if (std::isalnum(static_cast<unsigned char>(before)) != 0 || before == '_' || before == '-' || before == '.' ||
          before == '/') {
        continue;
      }
      found.push_back("'" + dir + "' at offset " + std::to_string(at) + ": " +
                      text.substr(at > 40 ? at - 40 : 0, 100));
      break;
    }
  }
  return found;
}

TEST(NoInternalReferences, SourcesDataAndDocs) {
  fs::path root = ARCHFIT_SOURCE_DIR;
  std::size_t files = 0;
  for (const char* dir : {"src", "data", "docs"}) {
    for (const auto& entry : fs::recursive_directory_iterator(root / dir)) {
      if (!entry.is_regular_file()) {
        continue;
      }
      ++files;
      for (const auto& leak : leaks(read_text(entry.path()))) {
        ADD_FAILURE() << fs::relative(entry.path(), root).string() << ": " << leak;
      }
    }
  }
  EXPECT_GT(files, 100u);
}

TEST(NoInternalReferences, TheBinarysStrings) {
  auto bytes = read_bytes(archfit_binary());
  ASSERT_GT(bytes.size(), 100000u);
  std::string text(bytes.begin(), bytes.end());
  // Source locations the compiler itself embeds (assertions, sanitizer reports) name this checkout, wherever
  // it is; they are not citations. Blank them out, then look for the rest.
  for (const std::string& own : {std::string(ARCHFIT_SOURCE_DIR), fs::path(archfit_binary()).parent_path().string()}) {
    for (auto at = text.find(own); !own.empty() && at != std::string::npos; at = text.find(own, at + 1)) {
      text.replace(at, own.size(), own.size(), '.');
    }
  }
  // The embedded tables are in the binary: a row citing a local path is found here too.
  ASSERT_NE(text.find("amdgpu_processors.tsv"), std::string::npos);
  for (const auto& leak : leaks(text)) {
    ADD_FAILURE() << archfit_binary() << ": " << leak;
  }
}

// The check itself can fail: each kind of leak is caught, and a benchmark name is not one.
TEST(NoInternalReferences, TheCheckCatchesEachKind) {
  EXPECT_EQ(leaks("see " + std::string("/work") + "/shared/notes.md").size(), 1u);
  EXPECT_EQ(leaks("found in the CODE " + std::string("INDEX")).size(), 1u);
  EXPECT_EQ(leaks("../shared/" + std::string("reference/formats.md")).size(), 1u);
  EXPECT_EQ(leaks("\"" + std::string("/root") + "/.cache\"").size(), 1u);
  EXPECT_TRUE(leaks("walk_hip_fatbin" + std::string("/work") + "/a19c and https://github.com/x/y/blob/v1/home.md").empty());
}

}  // namespace
}  // namespace archfit::test
