// The model `archfit clean` produces: the build outputs found in a source tree (and, with --deep, the
// caches outside it), why a rebuild must not reuse each, how much space each takes and, after --apply,
// what was removed. report/clean_json.cpp and report/clean_text.cpp render it. Kept local and plain so
// that it can move to a shared model later.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace archfit::clean {

struct CleanItem {
  std::string kind;            // data/clean_artifacts.tsv kind: "build-tree", "pycache", "triton-cache", ...
  std::string path;            // below the tree ("build", "torch/lib"); absolute for a --deep cache
  bool outside_tree = false;   // a --deep cache
  bool directory = false;
  std::string why;             // why a rebuild must not reuse it
  std::string source;          // where that comes from (the table row's citation)
  // CMakeCache.txt entries that differ from what a configure would take now, each
  // "<cache path>: KEY=cached (now: value)".
  std::vector<std::string> stale_entries;
  std::vector<std::string> caches;  // CMakeCache.txt files found inside (paths below the tree)
  std::uint64_t bytes = 0;     // allocated size (st_blocks * 512), hard links counted once
  std::uint64_t files = 0;     // entries that are not directories
  std::uint64_t tracked = 0;   // files git tracks below it: kept
  std::vector<std::string> skipped;  // what was left alone while measuring ("x: another file system")
  // After --apply.
  bool removed = false;              // nothing of it is left (tracked files excepted)
  std::uint64_t removed_files = 0;
  std::uint64_t removed_bytes = 0;
  std::uint64_t vanished = 0;        // entries that disappeared between listing and removing
  std::vector<std::string> errors;   // "build/x: Permission denied"
};

struct CleanReport {
  std::string src;            // as given
  std::string root;           // the tree, absolute (a symlink given as --src resolved once)
  std::string project;        // pytorch | triton | vllm | flash-attn | "" (another project)
  std::string recognised_by;  // the file that makes it a project tree: "setup.py", "pyproject.toml", "CMakeLists.txt"
  bool git = false;           // git answered with the tracked files
  bool deep = false;
  bool applied = false;
  std::vector<CleanItem> items;
  std::vector<std::string> notes;  // what was left alone, and why

  std::uint64_t total_bytes() const {
    std::uint64_t total = 0;
    for (const auto& item : items) {
      total += item.bytes;
    }
    return total;
  }
  bool has_errors() const {
    for (const auto& item : items) {
      if (!item.errors.empty()) {
        return true;
      }
    }
    return false;
  }
};

}  // namespace archfit::clean
