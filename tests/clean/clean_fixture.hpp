// Source trees made for archfit clean's tests: real files, real symlinks, real git repositories and
// real CMake configures, in a private temporary directory removed afterwards.
#pragma once

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/test_support.hpp"

namespace archfit::clean::testing {

namespace fs = std::filesystem;

inline void write_file(const fs::path& path, const std::string& content = "x") {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out << content;
}

// `cmd` in `dir` through /bin/sh; fails the test when it fails.
inline std::string shell(const fs::path& dir, const std::string& cmd) {
  auto result = test::run_command({"/bin/sh", "-c", "cd '" + dir.string() + "' && " + cmd});
  EXPECT_EQ(result.exit_code, 0) << cmd << "\n" << result.out << result.err;
  return result.out;
}

// Every path below `dir` (find -printf %P), sorted: what is left after a clean.
inline std::vector<std::string> listing(const fs::path& dir) {
  auto result = test::run_command({"find", dir.string(), "-mindepth", "1", "-printf", "%P\\0"});
  std::vector<std::string> paths;
  std::size_t start = 0;
  while (start < result.out.size()) {
    auto end = result.out.find('\0', start);
    paths.push_back(result.out.substr(start, end - start));
    start = end + 1;
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

// A scratch directory: <tmp>/archfit-clean-<name>.<pid>, with `tree/` (the project) and `outside/`
// (what no clean may touch). Removed at the end, read-only modes reset first.
class Scratch {
 public:
  explicit Scratch(const std::string& name) : m_dir(test::unique_temp_path("archfit-clean-" + name)) {
    reset();
    fs::create_directories(tree());
    fs::create_directories(outside());
  }
  ~Scratch() { reset(); }
  fs::path dir() const { return m_dir; }
  fs::path tree() const { return m_dir / "tree"; }
  fs::path outside() const { return m_dir / "outside"; }

 private:
  void reset() {
    test::run_command({"chmod", "-R", "u+rwx", m_dir.string()});
    std::error_code error;
    fs::remove_all(m_dir, error);
  }
  fs::path m_dir;
};

// A small Python project with the outputs of a build.
inline void python_project_with_outputs(const fs::path& tree) {
  write_file(tree / "setup.py", "from setuptools import setup\nsetup(name='demo')\n");
  write_file(tree / "demo/__init__.py", "");
  write_file(tree / "demo/__pycache__/__init__.cpython-311.pyc", std::string(5000, 'p'));
  write_file(tree / "demo/sub/__pycache__/m.cpython-311.pyc", std::string(100, 'p'));
  write_file(tree / "build/lib/demo/__init__.py", "");
  write_file(tree / "build/temp/obj.o", std::string(20000, 'o'));
  write_file(tree / "dist/demo-0.1-py3-none-any.whl", std::string(3000, 'w'));
  write_file(tree / "demo.egg-info/PKG-INFO", "Name: demo\n");
}

}  // namespace archfit::clean::testing
