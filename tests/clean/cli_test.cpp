// The archfit binary: `clean --json` (schema archfit.clean/1), --apply, refusals and exit codes;
// doctor's stale-cache advice (`archfit clean --src DIR`) run as printed; and permissions seen by a
// user that is not root (setpriv to nobody when the tests run as root).
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <sstream>

#include "clean_fixture.hpp"

namespace archfit::clean::testing {
namespace {

test::CommandResult run_env(const std::vector<std::string>& assignments, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"/usr/bin/env"};
  argv.insert(argv.end(), assignments.begin(), assignments.end());
  argv.push_back(test::archfit_binary());
  argv.insert(argv.end(), args.begin(), args.end());
  return test::run_command(argv);
}

nlohmann::json parse(const test::CommandResult& result) {
  auto json = nlohmann::json::parse(result.out, nullptr, false);
  EXPECT_FALSE(json.is_discarded()) << result.out << result.err;
  return json;
}

TEST(CleanCli, DryRunThenApply) {
  Scratch scratch("cli");
  python_project_with_outputs(scratch.tree());
  int exit_code = -1;
  auto dry = test::run_archfit_json({"clean", "--src", scratch.tree().string()}, &exit_code);
  EXPECT_EQ(exit_code, 0);
  EXPECT_EQ(dry["schema"], "archfit.clean/1");
  EXPECT_EQ(dry["applied"], false);
  EXPECT_EQ(dry["items"].size(), 5u);
  std::uint64_t total = 0;
  for (const auto& item : dry["items"]) {
    total += item["bytes"].get<std::uint64_t>();
    EXPECT_FALSE(item.contains("removed"));
  }
  EXPECT_EQ(dry["total_bytes"].get<std::uint64_t>(), total);
  EXPECT_TRUE(fs::exists(scratch.tree() / "build"));

  auto text = test::run_command({test::archfit_binary(), "clean", "--src", scratch.tree().string()});
  EXPECT_EQ(text.exit_code, 0);
  EXPECT_NE(text.out.find("dry run: nothing removed"), std::string::npos) << text.out;

  auto applied = test::run_archfit_json({"clean", "--src", scratch.tree().string(), "--apply"}, &exit_code);
  EXPECT_EQ(exit_code, 0);
  EXPECT_EQ(applied["applied"], true);
  for (const auto& item : applied["items"]) {
    EXPECT_EQ(item["removed"], true) << item.dump();
    EXPECT_TRUE(item["errors"].empty());
  }
  EXPECT_EQ(listing(scratch.tree()), (std::vector<std::string>{"demo", "demo/__init__.py", "demo/sub", "setup.py"}));
}

TEST(CleanCli, RefusalsAreUsageErrorsWithAJsonDocument) {
  Scratch scratch("cli-refuse");
  write_file(scratch.tree() / "build/x.o");
  for (const auto& src : {std::string("/"), scratch.tree().string(), scratch.tree().string() + "/../tree"}) {
    auto result = test::run_command({test::archfit_binary(), "clean", "--src", src, "--apply", "--json"});
    EXPECT_EQ(result.exit_code, 2) << src;
    auto json = parse(result);
    EXPECT_EQ(json["schema"], "archfit.error/1");
    EXPECT_EQ(json["command"], "clean");
    EXPECT_NE(result.err.find("refusing"), std::string::npos) << result.err;
  }
  EXPECT_TRUE(fs::exists(scratch.tree() / "build/x.o"));
  auto missing = test::run_command({test::archfit_binary(), "clean"});
  EXPECT_EQ(missing.exit_code, 2);
}

TEST(CleanCli, HostileNamesStayOnTheirLineAndInValidJson) {
  Scratch scratch("cli-names");
  write_file(scratch.tree() / "setup.py");
  std::string forged = "x\n  build/  0 B removed\n\x1b[2J";
  write_file(scratch.tree() / forged / "__pycache__/a.pyc");
  write_file(scratch.tree() / std::string("\xc3\x28-bad") / "__pycache__/a.pyc");
  auto text = test::run_command({test::archfit_binary(), "clean", "--src", scratch.tree().string()});
  EXPECT_EQ(text.out.find('\x1b'), std::string::npos);
  EXPECT_EQ(text.out.find("\n  build/  0 B removed"), std::string::npos) << text.out;
  auto json = parse(test::run_command({test::archfit_binary(), "clean", "--src", scratch.tree().string(), "--json"}));
  EXPECT_EQ(json["items"].size(), 2u);
  bool found = false;
  for (const auto& item : json["items"]) {
    found = found || item["path"] == forged + "/__pycache__";
  }
  EXPECT_TRUE(found) << json.dump();
}

// doctor's FAIL says: archfit clean --src DIR   # or: rm -rf ... — run exactly that, with --apply.
TEST(CleanCli, DoctorsStaleCacheAdviceWorks) {
  Scratch scratch("cli-doctor");
  auto tree = scratch.tree();
  write_file(tree / "CMakeLists.txt", "cmake_minimum_required(VERSION 3.20)\nproject(demo CXX)\n");
  shell(tree, "CXX=g++ cmake -S . -B build -G Ninja >/dev/null");
  auto doctor = run_env({"CXX=/usr/lib/llvm-19/bin/clang++"}, {"doctor", "--src", tree.string(), "--json"});
  auto report = parse(doctor);
  std::string fix;
  for (const auto& check : report["checks"]) {
    if (check["id"] == "source.build-cache") {
      EXPECT_EQ(check["status"], "fail") << check.dump();
      fix = check["fix"].get<std::string>();
    }
  }
  ASSERT_TRUE(fix.starts_with("archfit clean --src " + tree.string())) << fix;
  std::vector<std::string> args;
  std::istringstream words(fix.substr(0, fix.find('#')));
  for (std::string word; words >> word;) {
    args.push_back(word);
  }
  args.erase(args.begin());  // "archfit"
  args.push_back("--json");
  auto dry = parse(run_env({"CXX=/usr/lib/llvm-19/bin/clang++"}, args));
  ASSERT_EQ(dry["items"].size(), 1u) << dry.dump();
  EXPECT_EQ(dry["items"][0]["path"], "build");
  bool compiler_named = false;
  for (const auto& entry : dry["items"][0]["stale_entries"]) {
    compiler_named = compiler_named || entry.get<std::string>().find("CMAKE_CXX_COMPILER=") != std::string::npos;
  }
  EXPECT_TRUE(compiler_named) << dry.dump();
  args.push_back("--apply");
  auto applied = run_env({"CXX=/usr/lib/llvm-19/bin/clang++"}, args);
  EXPECT_EQ(applied.exit_code, 0) << applied.out << applied.err;
  auto again = parse(run_env({"CXX=/usr/lib/llvm-19/bin/clang++"}, {"doctor", "--src", tree.string(), "--json"}));
  for (const auto& check : again["checks"]) {
    EXPECT_NE(check["id"], "source.build-cache") << check.dump();
  }
}

// As a user that is not root: read-only directories of its own are cleaned; a directory it cannot
// write (root's) is reported, the exit code is 1, and the rest is still removed.
TEST(CleanCli, PermissionsAsAnOrdinaryUser) {
  if (::geteuid() != 0) {
    GTEST_SKIP() << "needs root to create a tree for nobody (setpriv)";
  }
  Scratch scratch("cli-nobody");
  auto tree = scratch.tree();
  python_project_with_outputs(tree);
  write_file(tree / "build/ro/sub/f.o");
  write_file(tree / "build/roots/f.o");
  ::chmod(scratch.dir().c_str(), 0755);
  shell(scratch.dir(), "chown -R 65534:65534 tree && chown -R 0:0 tree/build/roots && chmod 0755 tree/build/roots && "
                       "chmod 0400 tree/build/ro/sub/f.o && chmod 0500 tree/build/ro/sub tree/build/ro");
  auto result = test::run_command({"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/env",
                                   "HOME=/nonexistent", test::archfit_binary(), "clean", "--src", tree.string(),
                                   "--apply", "--json"});
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  auto json = parse(result);
  for (const auto& item : json["items"]) {
    if (item["path"] == "build") {
      EXPECT_EQ(item["removed"], false);
      ASSERT_EQ(item["errors"].size(), 1u) << item.dump();
      EXPECT_NE(item["errors"][0].get<std::string>().find("build/roots/f.o: Permission denied"), std::string::npos);
    } else {
      EXPECT_EQ(item["removed"], true) << item.dump();
    }
  }
  EXPECT_FALSE(fs::exists(tree / "build/ro"));
  EXPECT_TRUE(fs::exists(tree / "build/roots/f.o"));
  EXPECT_FALSE(fs::exists(tree / "build/temp"));
}

}  // namespace
}  // namespace archfit::clean::testing
