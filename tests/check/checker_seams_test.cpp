// run_check's seams: the files it reads (binaries, the Python environment, the libraries they load)
// come from the injected `files_root`, and machine facts from `root`; its CommandRunner is the one
// detect uses. The environment is the real metadata captured on the H200 machine
// (tests/data/python-envs/h200-torch-2.11, SOURCE.md there: /opt/torch/.venv, Python 3.12.3),
// laid out at test time below a temporary directory that stands for "/"; the machine is that
// machine's captured tree (tests/data/sysroots/h200).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "check/checker.hpp"
#include "support/fake_command_runner.hpp"
#include "support/test_support.hpp"

namespace archfit::check {
namespace {

namespace fs = std::filesystem;

TEST(CheckerSeams, PythonEnvironmentIsReadBelowTheInjectedRoot) {
  fs::path top = test::unique_temp_path("checker-seams");
  fs::remove_all(top);
  fs::path venv = top / "opt/torch/.venv";
  fs::path site = venv / "lib/python3.12/site-packages";
  fs::create_directories(site);
  fs::create_directories(venv / "bin");
  // pyvenv.cfg as `python3 -m venv` writes it (Python 3.12: "version = 3.12.3").
  std::ofstream(venv / "pyvenv.cfg") << "home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.12.3\n";
  fs::path captured = fs::path(ARCHFIT_SOURCE_DIR) / "tests/data/python-envs/h200-torch-2.11";
  for (const char* item : {"torch-2.11.0.dist-info", "triton-3.6.0.dist-info", "torch"}) {
    fs::copy(captured / item, site / item, fs::copy_options::recursive);
  }

  probe::SystemRoot files(top.string());
  probe::SystemRoot machine(std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/sysroots/h200/root");
  test::FakeCommandRunner runner;  // a venv is read, never started
  CheckOptions options;
  options.python = "/opt/torch/.venv/bin/python3";
  options.targets = {"9.0"};
  options.files_root = &files;
  auto report = run_check(options, machine, probe::Environment{}, runner);
  fs::remove_all(top);
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_TRUE(runner.calls().empty());
  EXPECT_EQ(report->python, "/opt/torch/.venv/bin/python3");
  EXPECT_EQ(report->site_packages, "/opt/torch/.venv/lib/python3.12/site-packages");
  const PackageInfo* torch = nullptr;
  for (const auto& package : report->packages) {
    torch = package.name == "torch" ? &package : torch;
  }
  ASSERT_NE(torch, nullptr);
  EXPECT_EQ(torch->version, "2.11.0");  // METADATA's Version
  EXPECT_EQ(torch->torch_cuda, "13.0");  // version.py's cuda = '13.0'
  bool triton_pin = false;
  for (const auto& item : report->consistency) {
    if (item.id == "triton-pin") {
      triton_pin = true;
      EXPECT_EQ(item.status, model::Status::pass) << item.message;  // torch 2.11.0 pins triton==3.6.0, installed
    }
  }
  EXPECT_TRUE(triton_pin);
}

}  // namespace
}  // namespace archfit::check
