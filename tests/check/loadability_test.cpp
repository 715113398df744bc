// Loadability against the real loader: for each library built by make_check_fixtures.sh, the
// libstdc++ archfit says would be loaded, and whether a symbol version is missing, must agree with
// what `ldd` printed for it (oracle/<lib>.ldd without, <lib>.ldd.lib with LD_LIBRARY_PATH set).
#include <gtest/gtest.h>

#include <regex>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

std::string load_lib(const std::string& name) { return (fixture_dir("check") / "load" / name).string(); }
std::string oracle(const std::string& name) { return read_text(fixture_dir("check") / "oracle" / name); }

// The path ldd resolved `soname` to, or "not found".
std::string ldd_path(const std::string& ldd, const std::string& soname) {
  std::smatch match;
  std::regex line("\\t" + std::regex_replace(soname, std::regex(R"([.+])"), R"(\$&)") + R"( => (\S+( found)?))");
  return std::regex_search(ldd, match, line) ? match[1].str() : std::string();
}

struct LoadView {
  std::map<std::string, std::string> resolved;  // soname → path ("" when missing)
  std::vector<nlohmann::json> problems;
};

LoadView load_of(const std::string& library, const std::vector<std::string>& variables,
                 const std::vector<std::string>& extra = {}) {
  std::vector<std::string> argv = {"/usr/bin/env", "-u", "LD_LIBRARY_PATH"};
  argv.insert(argv.end(), variables.begin(), variables.end());
  argv.insert(argv.end(), {archfit_binary(), "check", "--target", "sm_90", "--json", library});
  argv.insert(argv.end(), extra.begin(), extra.end());
  auto result = run_command(argv);
  auto report = nlohmann::json::parse(result.out, nullptr, false);
  EXPECT_FALSE(report.is_discarded()) << result.err;
  LoadView view;
  for (const auto& load : report["load"]) {
    if (load["path"] != library) {
      continue;
    }
    for (const auto& need : load["needed"]) {
      view.resolved[need["soname"]] = need["path"].is_null() ? "" : need["path"].get<std::string>();
    }
    for (const auto& problem : load["problems"]) {
      view.problems.push_back(problem);
    }
  }
  return view;
}

TEST(Loadability, RunpathLosesToLdLibraryPath) {
  std::string lib = load_lib("libcv_runpath.so");
  auto plain = load_of(lib, {});
  EXPECT_EQ(plain.resolved["libstdc++.so.6"], ldd_path(oracle("libcv_runpath.so.ldd"), "libstdc++.so.6"));
  EXPECT_NE(plain.resolved["libstdc++.so.6"].find("/stage/"), std::string::npos);
  // ldd: "version `GLIBCXX_3.4.30' not found (required by …libcv_runpath.so)"
  ASSERT_NE(oracle("libcv_runpath.so.ldd").find("version `GLIBCXX_3.4.30' not found"), std::string::npos);
  ASSERT_EQ(plain.problems.size(), 1u);
  EXPECT_EQ(plain.problems[0]["kind"], "symbol-version");
  EXPECT_EQ(plain.problems[0]["needed"], "GLIBCXX_3.4.30");
  EXPECT_EQ(plain.problems[0]["provided"], "GLIBCXX_3.4.28");  // the stand-in's last version node

  auto with_path = load_of(lib, {"LD_LIBRARY_PATH=/lib/x86_64-linux-gnu"});
  EXPECT_EQ(with_path.resolved["libstdc++.so.6"], ldd_path(oracle("libcv_runpath.so.ldd.lib"), "libstdc++.so.6"));
  EXPECT_EQ(oracle("libcv_runpath.so.ldd.lib").find("not found"), std::string::npos);
  EXPECT_TRUE(with_path.problems.empty());
}

TEST(Loadability, RpathWinsOverLdLibraryPath) {
  std::string lib = load_lib("libcv_rpath.so");
  auto with_path = load_of(lib, {"LD_LIBRARY_PATH=/lib/x86_64-linux-gnu"});
  EXPECT_EQ(with_path.resolved["libstdc++.so.6"], ldd_path(oracle("libcv_rpath.so.ldd.lib"), "libstdc++.so.6"));
  ASSERT_NE(oracle("libcv_rpath.so.ldd.lib").find("version `GLIBCXX_3.4.30' not found"), std::string::npos);
  ASSERT_EQ(with_path.problems.size(), 1u);
  EXPECT_EQ(with_path.problems[0]["needed"], "GLIBCXX_3.4.30");
}

TEST(Loadability, MissingLibrary) {
  std::string lib = load_lib("libuse.so");
  ASSERT_EQ(ldd_path(oracle("libuse.so.ldd"), "libgone.so.1"), "not found");
  auto view = load_of(lib, {});
  EXPECT_EQ(view.resolved["libgone.so.1"], "");
  ASSERT_EQ(view.problems.size(), 1u);
  EXPECT_EQ(view.problems[0]["kind"], "missing-library");
  EXPECT_EQ(view.problems[0]["needed"], "libgone.so.1");
  // Every library ldd found, archfit finds at the same path.
  for (const auto& [soname, path] : view.resolved) {
    std::string expected = ldd_path(oracle("libuse.so.ldd"), soname);
    if (!expected.empty() && expected != "not found") {
      EXPECT_EQ(path, expected) << soname;
    }
  }
}

TEST(Loadability, IsaLevelAgainstTheCpu) {
  std::string lib = load_lib("libv4.so");  // ld -z x86-64-v4
  // The MI100 tree's CPU (EPYC 7763) has no AVX-512: x86-64-v3.
  auto v3 = load_of(lib, {}, {"--sysroot", std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/sysroots/mi100/root"});
  ASSERT_EQ(v3.problems.size(), 1u);
  EXPECT_EQ(v3.problems[0]["kind"], "isa-level");
  EXPECT_EQ(v3.problems[0]["needed"], "x86-64-v4");
  EXPECT_EQ(v3.problems[0]["provided"], "x86-64-v3");
  // This machine: the loader itself says whether it supports v4 (`ld.so --help`), and ldd loads
  // the library only then.
  auto help = run_command({"/lib64/ld-linux-x86-64.so.2", "--help"});
  bool v4 = help.out.find("x86-64-v4 (supported") != std::string::npos;
  auto here = load_of(lib, {});
  EXPECT_EQ(here.problems.empty(), v4);
}

}  // namespace
}  // namespace archfit::test
