// Regression: a library that *defines* symbol versions (.gnu.version_d), scanned as a zip member
// through the streaming path (--zip-buffer-limit 0), once failed with "section '.gnu.version_d'
// was not captured while streaming". The streamed scan must equal the scan of the file itself.
#include <gtest/gtest.h>

#include <filesystem>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

TEST(StreamedVersionDefinitions, ZipMemberThatDefinesVersions) {
  fs::path library = fixture_dir("check") / "load/stage/libstdc++.so.6";  // defines GLIBCXX_3.4 … 3.4.28
  fs::path zip = unique_temp_path("versions.zip");
  auto zipped = run_command({"python3", "-c",
                             "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED); "
                             "z.write(sys.argv[2], 'lib/libstdc++.so.6'); z.close()",
                             zip.string(), library.string()});
  ASSERT_EQ(zipped.exit_code, 0) << zipped.err;
  int exit_code = -1;
  auto streamed = run_archfit_json({"scan", "--zip-buffer-limit", "0", zip.string()}, &exit_code);
  EXPECT_EQ(exit_code, 0);
  auto direct = run_archfit_json({"scan", library.string()});
  ASSERT_EQ(streamed["files"].size(), 1u);
  EXPECT_TRUE(streamed["files"][0]["errors"].empty()) << streamed["files"][0]["errors"].dump();
  EXPECT_EQ(streamed["files"][0]["needs"], direct["files"][0]["needs"]);
  fs::remove(zip);
}

}  // namespace
}  // namespace archfit::test
