// clean/cleaner: what is found, what is refused, and every safety rule attacked with real files:
// symlinks out of the tree (present from the start, and swapped in between listing and removing),
// hostile names, read-only files and directories, files vanishing mid-run, git-tracked files, and
// --deep caches. Oracles: find(1), du(1), git ls-files, CMake's own CMakeCache.txt.
#include <gtest/gtest.h>

#include <fcntl.h>

#include <algorithm>
#include <optional>

#include "clean/cleaner.hpp"
#include "clean_fixture.hpp"
#include "doctor/doctor.hpp"
#include "doctor/rules.hpp"

namespace archfit::clean::testing {
namespace {

probe::Environment environment_with(const std::vector<std::pair<std::string, std::string>>& changes) {
  auto environment = probe::Environment::current();
  for (const auto& [name, value] : changes) {
    if (value == "<unset>") {
      environment.unset(name);
    } else {
      environment.set(name, value);
    }
  }
  return environment;
}

Result<CleanPlan> plan(const fs::path& tree, const probe::Environment& environment, bool deep = false,
                       std::function<const doctor::Facts&()> facts = {}) {
  probe::ProcessRunner runner;
  CleanContext context{environment, runner, std::move(facts)};
  return plan_clean(CleanOptions{tree.string(), {}, deep}, context);
}

const CleanItem* item_at(const CleanReport& report, const std::string& path) {
  for (const auto& item : report.items) {
    if (item.path == path) {
      return &item;
    }
  }
  return nullptr;
}

std::vector<std::string> item_paths(const CleanReport& report) {
  std::vector<std::string> paths;
  for (const auto& item : report.items) {
    paths.push_back(item.path);
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

// du -s -B1: allocated bytes, hard links once (GNU du's rule, which clean follows).
std::uint64_t du_bytes(const fs::path& path) {
  auto result = test::run_command({"du", "-s", "-B1", path.string()});
  return std::stoull(result.out);
}

TEST(CleanRefuses, TheRootDirectory) {
  auto result = plan("/", environment_with({}));
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message.find("root directory"), std::string::npos) << result.error().message;
}

TEST(CleanRefuses, HomeAndWhatHoldsHome) {
  Scratch scratch("home");
  python_project_with_outputs(scratch.tree());
  auto as_home = plan(scratch.tree(), environment_with({{"HOME", scratch.tree().string()}}));
  ASSERT_FALSE(as_home.ok());
  EXPECT_NE(as_home.error().message.find("it is $HOME"), std::string::npos) << as_home.error().message;
  fs::create_directories(scratch.tree() / "users/me");
  auto holding = plan(scratch.tree(), environment_with({{"HOME", (scratch.tree() / "users/me").string()}}));
  ASSERT_FALSE(holding.ok());
  EXPECT_NE(holding.error().message.find("holds $HOME"), std::string::npos) << holding.error().message;
  // $HOME given through a symlink is still $HOME.
  fs::create_symlink(scratch.tree(), scratch.dir() / "home-link");
  auto linked = plan(scratch.tree(), environment_with({{"HOME", (scratch.dir() / "home-link").string()}}));
  EXPECT_FALSE(linked.ok());
  EXPECT_TRUE(fs::exists(scratch.tree() / "build/temp/obj.o"));
}

TEST(CleanRefuses, DotDotComponents) {
  Scratch scratch("dotdot");
  python_project_with_outputs(scratch.tree());
  for (std::string src : {(scratch.tree() / "../tree").string(), (scratch.tree() / "demo/..").string(),
                          std::string("../") + scratch.tree().filename().string()}) {
    auto result = plan(src, environment_with({}));
    ASSERT_FALSE(result.ok()) << src;
    EXPECT_NE(result.error().message.find("'..'"), std::string::npos) << result.error().message;
  }
}

TEST(CleanRefuses, TreesThatAreNotProjects) {
  Scratch scratch("notproject");
  write_file(scratch.tree() / "build/obj.o");
  auto result = plan(scratch.tree(), environment_with({}));
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message.find("not a project tree"), std::string::npos) << result.error().message;
  // A setup.py that is a symlink (to a file outside) does not make a project tree.
  write_file(scratch.outside() / "setup.py");
  fs::create_symlink(scratch.outside() / "setup.py", scratch.tree() / "setup.py");
  EXPECT_FALSE(plan(scratch.tree(), environment_with({})).ok());
  auto missing = plan(scratch.dir() / "nothing-here", environment_with({}));
  EXPECT_FALSE(missing.ok());
}

TEST(CleanDryRun, ListsTheOutputsWithDuSizesAndRemovesNothing) {
  Scratch scratch("dryrun");
  python_project_with_outputs(scratch.tree());
  auto before = listing(scratch.tree());
  auto result = plan(scratch.tree(), environment_with({}));
  ASSERT_TRUE(result.ok()) << result.error().message;
  const auto& report = result->report;
  EXPECT_EQ(report.recognised_by, "setup.py");
  EXPECT_EQ(item_paths(report), (std::vector<std::string>{"build", "demo.egg-info", "demo/__pycache__",
                                                          "demo/sub/__pycache__", "dist"}));
  for (const auto& item : report.items) {
    EXPECT_EQ(item.bytes, du_bytes(scratch.tree() / item.path)) << item.path;
    EXPECT_FALSE(item.why.empty());
    EXPECT_FALSE(item.source.empty());
  }
  EXPECT_EQ(item_at(report, "build")->files, 2u);
  EXPECT_FALSE(report.applied);
  EXPECT_EQ(listing(scratch.tree()), before);
}

TEST(CleanApply, RemovesTheOutputsAndNothingElse) {
  Scratch scratch("apply");
  python_project_with_outputs(scratch.tree());
  auto result = plan(scratch.tree(), environment_with({}));
  ASSERT_TRUE(result.ok()) << result.error().message;
  ASSERT_TRUE(apply_clean(*result).ok());
  EXPECT_FALSE(result->report.has_errors());
  for (const auto& item : result->report.items) {
    EXPECT_TRUE(item.removed) << item.path;
  }
  EXPECT_EQ(listing(scratch.tree()), (std::vector<std::string>{"demo", "demo/__init__.py", "demo/sub", "setup.py"}));
}

TEST(CleanSymlinks, ALinkToOutsideIsRemovedAsALinkNeverFollowed) {
  Scratch scratch("symlink");
  python_project_with_outputs(scratch.tree());
  write_file(scratch.outside() / "precious/data.bin", "keep me");
  write_file(scratch.outside() / "file.txt", "keep me too");
  fs::create_directory_symlink(scratch.outside() / "precious", scratch.tree() / "build/link-to-dir");
  fs::create_symlink(scratch.outside() / "file.txt", scratch.tree() / "build/link-to-file");
  fs::create_directory_symlink("/", scratch.tree() / "build/root");
  fs::create_directory_symlink(scratch.outside(), scratch.tree() / "demo/__pycache__/up");
  auto outside_before = listing(scratch.outside());
  auto result = plan(scratch.tree(), environment_with({}));
  ASSERT_TRUE(result.ok());
  // Sizes do not include what the links point to.
  EXPECT_EQ(item_at(result->report, "build")->bytes, du_bytes(scratch.tree() / "build"));
  ASSERT_TRUE(apply_clean(*result).ok());
  EXPECT_FALSE(result->report.has_errors());
  EXPECT_FALSE(fs::exists(fs::symlink_status(scratch.tree() / "build")));
  EXPECT_EQ(listing(scratch.outside()), outside_before);
  EXPECT_EQ(test::read_text(scratch.outside() / "precious/data.bin"), "keep me");
}

TEST(CleanSymlinks, AnOutputThatIsItselfALinkIsLeftAlone) {
  Scratch scratch("toplink");
  write_file(scratch.tree() / "pyproject.toml", "[project]\nname='x'\n");
  write_file(scratch.outside() / "build/obj.o");
  write_file(scratch.outside() / "cache/__pycache__/m.pyc");
  fs::create_directory_symlink(scratch.outside() / "build", scratch.tree() / "build");
  fs::create_directory_symlink(scratch.outside() / "cache", scratch.tree() / "pkg");
  auto result = plan(scratch.tree(), environment_with({}));
  ASSERT_TRUE(result.ok());
  EXPECT_TRUE(result->report.items.empty());
  ASSERT_EQ(result->report.notes.size(), 1u);
  EXPECT_NE(result->report.notes[0].find("build is a symlink"), std::string::npos);
  ASSERT_TRUE(apply_clean(*result).ok());
  EXPECT_TRUE(fs::exists(scratch.outside() / "build/obj.o"));
  EXPECT_TRUE(fs::exists(scratch.outside() / "cache/__pycache__/m.pyc"));
}

// Between listing and removing, a directory of the build tree is swapped for a link to outside (the
// time-of-check/time-of-use attack on `rm -rf` the fd-relative walk exists for).
TEST(CleanSymlinks, ADirectorySwappedForALinkAfterListingIsNotFollowed) {
  Scratch scratch("swap");
  python_project_with_outputs(scratch.tree());
  write_file(scratch.outside() / "victim/data.bin", "keep me");
  auto result = plan(scratch.tree(), environment_with({}));
  ASSERT_TRUE(result.ok());
  fs::rename(scratch.tree() / "build/temp", scratch.dir() / "moved-away");
  fs::create_directory_symlink(scratch.outside() / "victim", scratch.tree() / "build/temp");
  // And the item itself: demo/sub swapped for a link, so demo/sub/__pycache__ now leads outside.
  fs::create_directories(scratch.outside() / "victim2/__pycache__");
  write_file(scratch.outside() / "victim2/__pycache__/keep.pyc", "keep");
  fs::rename(scratch.tree() / "demo/sub", scratch.dir() / "sub-away");
  fs::create_directory_symlink(scratch.outside() / "victim2", scratch.tree() / "demo/sub");
  ASSERT_TRUE(apply_clean(*result).ok());
  EXPECT_EQ(test::read_text(scratch.outside() / "victim/data.bin"), "keep me");
  EXPECT_EQ(test::read_text(scratch.outside() / "victim2/__pycache__/keep.pyc"), "keep");
  const auto* sub = item_at(result->report, "demo/sub/__pycache__");
  ASSERT_NE(sub, nullptr);
  EXPECT_FALSE(sub->removed);
  ASSERT_FALSE(sub->errors.empty());
  EXPECT_NE(sub->errors[0].find("symlink"), std::string::npos) << sub->errors[0];
}

// The same swap made while the removal runs (the hook fires just before each removal).
TEST(CleanSymlinks, ASwapDuringTheRemovalIsNotFollowed) {
  Scratch scratch("race-swap");
  python_project_with_outputs(scratch.tree());
  write_file(scratch.tree() / "build/zz/deep/file.o");
  write_file(scratch.outside() / "victim/data.bin", "keep me");
  auto result = plan(scratch.tree(), environment_with({}));
  ASSERT_TRUE(result.ok());
  bool swapped = false;
  ASSERT_TRUE(apply_clean(*result, [&](const std::string& path) {
                if (!swapped && path.starts_with("build/")) {
                  swapped = true;
                  fs::rename(scratch.tree() / "build/zz", scratch.dir() / "zz-away");
                  fs::create_directory_symlink(scratch.outside() / "victim", scratch.tree() / "build/zz");
                }
              }).ok());
  EXPECT_TRUE(swapped);
  EXPECT_EQ(test::read_text(scratch.outside() / "victim/data.bin"), "keep me");
  EXPECT_TRUE(fs::exists(scratch.dir() / "zz-away/deep/file.o"));
}

TEST(CleanRaces, AFileVanishingMidRunIsCountedNotAnError) {
  Scratch scratch("vanish");
  python_project_with_outputs(scratch.tree());
  for (int i = 0; i < 20; ++i) {
    write_file(scratch.tree() / ("build/many/f" + std::to_string(i)));
  }
  auto result = plan(scratch.tree(), environment_with({}));
  ASSERT_TRUE(result.ok());
  int deleted = 0;
  ASSERT_TRUE(apply_clean(*result, [&](const std::string& path) {
                // Before the first file of build/many is removed, another process removes five others.
                if (deleted == 0 && path.starts_with("build/many/")) {
                  for (int i = 0; i < 20 && deleted < 5; ++i) {
                    auto victim = scratch.tree() / ("build/many/f" + std::to_string(i));
                    if (victim.string() != (scratch.tree() / path).string() && fs::remove(victim)) {
                      ++deleted;
                    }
                  }
                }
              }).ok());
  const auto* build = item_at(result->report, "build");
  ASSERT_NE(build, nullptr);
  EXPECT_TRUE(build->removed);
  EXPECT_TRUE(build->errors.empty());
  EXPECT_EQ(build->vanished, 5u);
  EXPECT_FALSE(fs::exists(scratch.tree() / "build"));
}

TEST(CleanRaces, AFileAppearingMidRunKeepsItsDirectoryAndSaysSo) {
  Scratch scratch("appear");
  python_project_with_outputs(scratch.tree());
  auto result = plan(scratch.tree(), environment_with({}));
  ASSERT_TRUE(result.ok());
  bool added = false;
  ASSERT_TRUE(apply_clean(*result, [&](const std::string& path) {
                if (!added && path == "build/temp") {  // the directory, after its files went
                  added = true;
                  write_file(scratch.tree() / "build/temp/new.o");
                }
              }).ok());
  const auto* build = item_at(result->report, "build");
  ASSERT_NE(build, nullptr);
  EXPECT_FALSE(build->removed);
  ASSERT_FALSE(build->errors.empty());
  EXPECT_NE(build->errors[0].find("new files appeared"), std::string::npos) << build->errors[0];
  EXPECT_TRUE(fs::exists(scratch.tree() / "build/temp/new.o"));
}

TEST(CleanNames, HostileNamesAreRemovedAndReported) {
  Scratch scratch("names");
  python_project_with_outputs(scratch.tree());
  std::vector<std::string> names = {"new\nline",   "tab\there", std::string("\xff\xfe-not-utf8"), "-rf",
                                    "*",           ":(glob)x",  "\x1b]0;title\x07", "..."};
  for (const auto& name : names) {
    write_file(scratch.tree() / "build" / name / name, name);
    write_file(scratch.tree() / name / "__pycache__" / (name + ".pyc"), name);
  }
  auto result = plan(scratch.tree(), environment_with({}));
  ASSERT_TRUE(result.ok());
  for (const auto& name : names) {
    EXPECT_NE(item_at(result->report, name + "/__pycache__"), nullptr) << name;
  }
  ASSERT_TRUE(apply_clean(*result).ok());
  EXPECT_FALSE(result->report.has_errors());
  EXPECT_FALSE(fs::exists(scratch.tree() / "build"));
  for (const auto& name : names) {
    EXPECT_TRUE(fs::is_directory(scratch.tree() / name)) << name;
    EXPECT_FALSE(fs::exists(scratch.tree() / name / "__pycache__")) << name;
  }
}

TEST(CleanPermissions, ReadOnlyFilesAndDirectoriesAreRemoved) {
  Scratch scratch("readonly");
  python_project_with_outputs(scratch.tree());
  write_file(scratch.tree() / "build/ro/file.o");
  write_file(scratch.tree() / "build/ro/sub/deeper.o");
  write_file(scratch.tree() / "build/noread/hidden.o");
  ::chmod((scratch.tree() / "build/ro/file.o").c_str(), 0400);
  ::chmod((scratch.tree() / "build/ro/sub").c_str(), 0500);
  ::chmod((scratch.tree() / "build/ro").c_str(), 0500);
  ::chmod((scratch.tree() / "build/noread").c_str(), 0);
  auto result = plan(scratch.tree(), environment_with({}));
  ASSERT_TRUE(result.ok());
  ASSERT_TRUE(apply_clean(*result).ok());
  const auto* build = item_at(result->report, "build");
  ASSERT_NE(build, nullptr);
  EXPECT_TRUE(build->errors.empty()) << build->errors[0];
  EXPECT_FALSE(fs::exists(scratch.tree() / "build"));
}

// A PyTorch-shaped tree in a real git repository: torch/lib holds tracked sources (libshm) next to
// the libraries an editable install copied in; build/ holds a tracked file too.
TEST(CleanGit, TrackedFilesAreNeverRemoved) {
  Scratch scratch("git");
  auto tree = scratch.tree();
  write_file(tree / "version.txt", "2.7.0a0\n");
  write_file(tree / "tools/amd_build/build_amd.py", "");
  write_file(tree / "setup.py", "");
  write_file(tree / "torch/__init__.py", "");
  write_file(tree / "torch/lib/libshm/core.cpp", "int x;\n");
  write_file(tree / "torch/lib/libshm/CMakeLists.txt", "");
  write_file(tree / "build/README.md", "tracked\n");
  write_file(tree / "build/odd\nname.txt", "tracked\n");
  shell(tree, "git init -q . && git add -A && git -c user.name=t -c user.email=t@t commit -qm init");
  write_file(tree / "torch/lib/libtorch_cpu.so", std::string(4096, 'l'));
  write_file(tree / "torch/lib/include/torch/all.h", "");
  write_file(tree / "build/CMakeFiles/x.o", std::string(4096, 'o'));
  write_file(tree / "torch/_C.cpython-311-x86_64-linux-gnu.so", std::string(100, 'c'));
  auto result = plan(tree, environment_with({}));
  ASSERT_TRUE(result.ok()) << result.error().message;
  EXPECT_EQ(result->report.project, "pytorch");
  EXPECT_TRUE(result->report.git);
  // git's own count of what it tracks below each item.
  for (const char* path : {"torch/lib", "build"}) {
    const auto* item = item_at(result->report, path);
    ASSERT_NE(item, nullptr) << path;
    auto listed = shell(tree, std::string("git ls-files -z -- ") + path);
    EXPECT_EQ(item->tracked, static_cast<std::uint64_t>(std::count(listed.begin(), listed.end(), '\0'))) << path;
  }
  EXPECT_NE(item_at(result->report, "torch/_C.cpython-311-x86_64-linux-gnu.so"), nullptr);
  ASSERT_TRUE(apply_clean(*result).ok());
  EXPECT_FALSE(result->report.has_errors());
  // Exactly the tracked files remain, and git sees no deleted file.
  EXPECT_EQ(shell(tree, "git status --porcelain"), "");
  EXPECT_FALSE(fs::exists(tree / "torch/lib/libtorch_cpu.so"));
  EXPECT_FALSE(fs::exists(tree / "torch/lib/include"));
  EXPECT_FALSE(fs::exists(tree / "build/CMakeFiles"));
  EXPECT_FALSE(fs::exists(tree / "torch/_C.cpython-311-x86_64-linux-gnu.so"));
  EXPECT_TRUE(fs::exists(tree / "build/odd\nname.txt"));
}

TEST(CleanGit, WithoutGitARepositoryIsNotCleaned) {
  Scratch scratch("nogit");
  python_project_with_outputs(scratch.tree());
  shell(scratch.tree(), "git init -q . && git add setup.py && git -c user.name=t -c user.email=t@t commit -qm init");
  auto result = plan(scratch.tree(), environment_with({{"PATH", "/nonexistent"}}));
  ASSERT_TRUE(result.ok());
  auto applied = apply_clean(*result);
  ASSERT_FALSE(applied.ok());
  EXPECT_NE(applied.error().message.find("git is not on PATH"), std::string::npos) << applied.error().message;
  EXPECT_TRUE(fs::exists(scratch.tree() / "build/temp/obj.o"));
}

TEST(CleanGit, AGitThatFailsStopsTheRemoval) {
  Scratch scratch("badgit");
  python_project_with_outputs(scratch.tree());
  shell(scratch.tree(), "git init -q .");
  // A git that answers nothing useful (exit 1).
  write_file(scratch.dir() / "bin/git", "#!/bin/sh\necho broken >&2\nexit 1\n");
  ::chmod((scratch.dir() / "bin/git").c_str(), 0755);
  auto result = plan(scratch.tree(), environment_with({{"PATH", (scratch.dir() / "bin").string()}}));
  ASSERT_TRUE(result.ok());
  EXPECT_FALSE(apply_clean(*result).ok());
  EXPECT_TRUE(fs::exists(scratch.tree() / "build/temp/obj.o"));
}

TEST(CleanDeep, CachesOutsideTheTreeOnlyWithDeepAndNeverThroughALink) {
  Scratch scratch("deep");
  python_project_with_outputs(scratch.tree());
  auto home = scratch.dir() / "home";
  write_file(home / ".triton/cache/abc/kernel.hsaco", std::string(1000, 'k'));
  write_file(home / "keep.txt", "keep");
  auto environment = environment_with({{"HOME", home.string()}, {"TRITON_CACHE_DIR", "<unset>"},
                                       {"TORCH_EXTENSIONS_DIR", "<unset>"}});
  auto shallow = plan(scratch.tree(), environment);
  ASSERT_TRUE(shallow.ok());
  EXPECT_EQ(item_at(shallow->report, (home / ".triton/cache").string()), nullptr);
  auto deep = plan(scratch.tree(), environment, true);
  ASSERT_TRUE(deep.ok());
  const auto* cache = item_at(deep->report, (home / ".triton/cache").string());
  ASSERT_NE(cache, nullptr);
  EXPECT_TRUE(cache->outside_tree);
  EXPECT_EQ(cache->bytes, du_bytes(home / ".triton/cache"));
  ASSERT_TRUE(apply_clean(*deep).ok());
  EXPECT_FALSE(fs::exists(home / ".triton/cache"));
  EXPECT_TRUE(fs::exists(home / ".triton"));
  EXPECT_TRUE(fs::exists(home / "keep.txt"));

  // $TRITON_CACHE_DIR pointing at /, at $HOME, at a link, or with '..': refused with a note.
  write_file(scratch.outside() / "kernels/k.bin", "keep");
  fs::create_directory_symlink(scratch.outside() / "kernels", scratch.dir() / "link-cache");
  for (const auto& hostile : {std::string("/"), home.string(), (scratch.dir() / "link-cache").string(),
                              (home / "../outside").string(), std::string("relative/dir")}) {
    auto refused = plan(scratch.tree(), environment_with({{"HOME", home.string()}, {"TRITON_CACHE_DIR", hostile}}), true);
    ASSERT_TRUE(refused.ok());
    for (const auto& item : refused->report.items) {
      EXPECT_NE(item.kind, "triton-cache") << hostile << " -> " << item.path;
    }
    EXPECT_FALSE(refused->report.notes.empty()) << hostile;
    ASSERT_TRUE(apply_clean(*refused).ok());
    EXPECT_TRUE(fs::exists(home / "keep.txt"));
    EXPECT_TRUE(fs::exists(scratch.outside() / "kernels/k.bin"));
  }
}

// A real CMake configure (CMake writes the cache), then the machine changes: another compiler, and
// the tree copied elsewhere. The reasons come from doctor's stale-cache comparison.
TEST(CleanCMakeCache, NamesTheEntriesThatNoLongerMatch) {
  Scratch scratch("cmake");
  auto tree = scratch.tree();
  write_file(tree / "CMakeLists.txt", "cmake_minimum_required(VERSION 3.20)\nproject(demo CXX)\n");
  shell(tree, "CXX=g++ cmake -S . -B build -G Ninja >/dev/null");
  auto cached_compiler = shell(tree, "sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' build/CMakeCache.txt");
  cached_compiler.erase(cached_compiler.find_last_not_of('\n') + 1);
  ASSERT_FALSE(cached_compiler.empty());

  auto environment = environment_with({{"CXX", "/usr/lib/llvm-19/bin/clang++"}});
  auto rules = doctor::RuleSet::embedded();
  ASSERT_TRUE(rules.ok());
  probe::ProcessRunner runner;
  probe::SystemRoot root("/");
  std::optional<doctor::Facts> facts;
  int gathered = 0;
  auto gather = [&]() -> const doctor::Facts& {
    if (!facts) {
      ++gathered;
      doctor::DoctorOptions options;
      options.src = tree.string();
      options.env_only = true;
      facts = doctor::gather_facts(root, environment, runner, *rules, options);
    }
    return *facts;
  };
  auto result = plan(tree, environment, false, gather);
  ASSERT_TRUE(result.ok()) << result.error().message;
  const auto* build = item_at(result->report, "build");
  ASSERT_NE(build, nullptr);
  EXPECT_EQ(build->caches, std::vector<std::string>{"build/CMakeCache.txt"});
  EXPECT_EQ(gathered, 1);
  bool named = false;
  for (const auto& entry : build->stale_entries) {
    named = named || entry.find("build/CMakeCache.txt: CMAKE_CXX_COMPILER=" + cached_compiler + " (now: ") == 0;
  }
  EXPECT_TRUE(named) << ::testing::PrintToString(build->stale_entries);

  // The same tree copied elsewhere: CMake would refuse the cache ("CMakeCache.txt directory ... is
  // different"), and clean says why.
  shell(scratch.dir(), "cp -a tree copy");
  auto copied = plan(scratch.dir() / "copy", environment_with({}));
  ASSERT_TRUE(copied.ok());
  const auto* copied_build = item_at(copied->report, "build");
  ASSERT_NE(copied_build, nullptr);
  ASSERT_EQ(copied_build->stale_entries.size(), 1u);
  EXPECT_NE(copied_build->stale_entries[0].find("CMAKE_CACHEFILE_DIR=" + (tree / "build").string()), std::string::npos)
      << copied_build->stale_entries[0];
  auto cmake = test::run_command({"cmake", (scratch.dir() / "copy/build").string()});
  EXPECT_NE(cmake.exit_code, 0);  // the oracle: CMake itself refuses the copied cache

  // No cache, no probes.
  gathered = 0;
  facts.reset();
  fs::remove_all(tree / "build");
  ASSERT_TRUE(plan(tree, environment, false, gather).ok());
  EXPECT_EQ(gathered, 0);
}

}  // namespace
}  // namespace archfit::clean::testing
