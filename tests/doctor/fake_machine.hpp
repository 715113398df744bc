// A machine assembled for a doctor test: a captured sysroot (tests/data/sysroots/<name>/root) copied to a
// temporary directory, plus fake tools (tests/data/doctor/tools: scripts that answer exactly as the real
// tools print, each citing where its output comes from), ROCm / CUDA trees, site-packages and an
// environment. Run archfit doctor (the library) or the archfit binary against it.
#pragma once

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "doctor/doctor.hpp"
#include "doctor/env_plan.hpp"
#include "probe/command_runner.hpp"
#include "support/test_support.hpp"

namespace archfit::doctor::testing {

namespace fs = std::filesystem;

inline fs::path data_dir() { return fs::path(ARCHFIT_SOURCE_DIR) / "tests/data/doctor"; }

class FakeMachine {
 public:
  // `captured`: a directory of tests/data/sysroots, or "" for an empty machine.
  explicit FakeMachine(const std::string& captured = "") {
    base_ = test::unique_temp_path("archfit-doctor-" + std::to_string(counter()++));
    fs::remove_all(base_);
    root_ = base_ / "root";
    fs::create_directories(root_);
    work_ = base_ / "work";
    fs::create_directories(work_);
    if (!captured.empty()) {
      fs::copy(fs::path(ARCHFIT_SOURCE_DIR) / "tests/data/sysroots" / captured / "root", root_,
               fs::copy_options::recursive | fs::copy_options::copy_symlinks);
    }
    environment.set("PATH", "/usr/bin:/bin");
    environment.set("HOME", work_.string());
    environment.set("TMPDIR", work_.string());
  }
  ~FakeMachine() {
    std::error_code error;
    fs::remove_all(base_, error);
  }
  FakeMachine(const FakeMachine&) = delete;
  FakeMachine& operator=(const FakeMachine&) = delete;

  const fs::path& root() const { return root_; }
  // A host directory for source trees and files that are not part of the machine.
  const fs::path& work() const { return work_; }
  fs::path at(const std::string& path) const { return root_ / fs::path(path).relative_path(); }

  void file(const std::string& path, const std::string& content) {
    fs::create_directories(at(path).parent_path());
    std::ofstream(at(path), std::ios::binary) << content;
  }
  // Copies tests/data/doctor/tools/<name> to `path` (executable).
  void tool(const std::string& path, const std::string& name) {
    fs::create_directories(at(path).parent_path());
    fs::copy_file(data_dir() / "tools" / name, at(path), fs::copy_options::overwrite_existing);
    ::chmod(at(path).c_str(), 0755);
  }
  // A symlink at `path` whose stored target is `target` (relative or absolute on the machine).
  void link(const std::string& path, const std::string& target) {
    fs::create_directories(at(path).parent_path());
    fs::remove(at(path));
    fs::create_symlink(target, at(path));
  }
  // Copies tests/data/doctor/<relative> (a file or a tree) to `path`.
  void copy(const std::string& relative, const std::string& path) {
    fs::create_directories(at(path).parent_path());
    fs::copy(data_dir() / relative, at(path),
             fs::copy_options::recursive | fs::copy_options::copy_symlinks | fs::copy_options::overwrite_existing);
  }
  // A GCC installation as clang looks for it (crtbegin.o) and, with `headers`, libstdc++-N-dev's headers.
  void gcc_installation(const std::string& major, bool headers) {
    file("/usr/lib/gcc/x86_64-linux-gnu/" + major + "/crtbegin.o", "");
    if (headers) {
      file("/usr/include/c++/" + major + "/cmath", "// stand-in for libstdc++'s <cmath>\n");
    }
  }
  // Debian 12's GCC 12 the way the packages lay it out: gcc-12 / g++-12 and the /etc/alternatives chains of cc
  // and c++ (update-alternatives), gcc -> gcc-12, g++ -> g++-12.
  void debian_gcc12() {
    tool("/usr/bin/x86_64-linux-gnu-gcc-12", "gcc-12-debian");
    tool("/usr/bin/x86_64-linux-gnu-g++-12", "gxx-12-debian");
    link("/usr/bin/gcc-12", "x86_64-linux-gnu-gcc-12");
    link("/usr/bin/g++-12", "x86_64-linux-gnu-g++-12");
    link("/usr/bin/gcc", "gcc-12");
    link("/usr/bin/g++", "g++-12");
    link("/etc/alternatives/cc", "/usr/bin/gcc");
    link("/etc/alternatives/c++", "/usr/bin/g++");
    link("/usr/bin/cc", "/etc/alternatives/cc");
    link("/usr/bin/c++", "/etc/alternatives/c++");
    gcc_installation("12", true);
  }
  void build_tools(const std::string& cmake = "cmake-3.31.10") {
    tool("/usr/bin/cmake", cmake);
    tool("/usr/bin/ninja", "ninja-1.11.1");
    tool("/usr/bin/git", "git-fake");
  }
  // python3 answering for a venv at `prefix` whose site-packages is tests/data/doctor/site/<site> ("" = empty).
  void python_venv(const std::string& site = "", const std::string& prefix = "/venv") {
    tool("/usr/bin/python3", "python3-fake");
    environment.set("FAKE_PY_PREFIX", prefix);
    if (site.empty()) {
      fs::create_directories(at(prefix + "/lib/python3.12/site-packages"));
    } else {
      copy("site/" + site, prefix);
    }
  }
  void rocm(const std::string& version, bool default_link = true) {
    copy("rocm/rocm-" + version, "/opt/rocm-" + version);
    for (const char* name : {"bin/hipcc", "bin/hipconfig"}) {
      ::chmod(at("/opt/rocm-" + version + "/" + name).c_str(), 0755);
    }
    if (default_link) {
      link("/opt/rocm", "rocm-" + version);
    }
  }

  DoctorOptions options() const {
    DoctorOptions options;
    options.cwd = work_.string();
    return options;
  }

  DoctorReport doctor(const DoctorOptions& options) const {
    auto rules = RuleSet::embedded();
    EXPECT_TRUE(rules.ok());
    probe::SystemRoot system_root(root_.string());
    probe::ProcessRunner runner;
    return run_doctor(system_root, environment, runner, *rules, options);
  }
  DoctorReport doctor() const { return doctor(options()); }

  EnvPlan env(const DoctorOptions& options, const EnvOptions& env_options = {}) const {
    auto rules = RuleSet::embedded();
    EXPECT_TRUE(rules.ok());
    probe::SystemRoot system_root(root_.string());
    probe::ProcessRunner runner;
    DoctorOptions env_options_copy = options;
    env_options_copy.env_only = true;
    auto facts = gather_facts(system_root, environment, runner, *rules, env_options_copy);
    return plan_env(facts, *rules, environment, env_options);
  }

  probe::Environment environment;

 private:
  static int& counter() {
    static int value = 0;
    return value;
  }
  fs::path base_;
  fs::path root_;
  fs::path work_;
};

inline const Check* find_check(const DoctorReport& report, const std::string& id) {
  for (const auto& check : report.checks) {
    if (check.id == id) {
      return &check;
    }
  }
  return nullptr;
}

inline std::string dump(const DoctorReport& report) {
  std::string text;
  for (const auto& check : report.checks) {
    text += std::string(status_name(check.status)) + " " + check.id + ": " + check.seen + "\n";
  }
  return text;
}

inline const EnvVariable* find_variable(const EnvPlan& plan, const std::string& name) {
  for (const auto& variable : plan.variables) {
    if (variable.name == name) {
      return &variable;
    }
  }
  return nullptr;
}

}  // namespace archfit::doctor::testing

#define ASSERT_CHECK(report, id, status_value)                                                     \
  do {                                                                                             \
    const auto* check_ = ::archfit::doctor::testing::find_check(report, id);                       \
    ASSERT_NE(check_, nullptr) << "no check " << (id) << "\n" << ::archfit::doctor::testing::dump(report); \
    ASSERT_EQ(check_->status, status_value) << (id) << ": " << check_->seen << "\nrule: " << check_->rule \
                                            << "\nfix: " << check_->fix;                           \
  } while (false)
